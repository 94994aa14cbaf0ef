import type { z } from 'zod';
import type { oidcPublicProviderSchema } from '@crs/shared/schemas/identity';
import { REQUEST_TIMEOUT_MS, env } from '@/config/env';

export type PublicProvider = z.infer<typeof oidcPublicProviderSchema>;

/**
 * GET /auth/oidc/providers with the browser's fetch (public, like lib/institution.ts): the API
 * client would join /login's first load (decision 0012). Any failure reads as "no providers", so
 * the page shows the password form alone and nothing moves.
 */
export async function fetchProviders(apiUrl: string = env.API_URL): Promise<PublicProvider[]> {
  try {
    const res = await fetch(`${apiUrl}/auth/oidc/providers`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!res.ok) return [];
    const body = (await res.json()) as { providers?: unknown };
    return Array.isArray(body.providers) ? (body.providers as PublicProvider[]).filter((p) => typeof p?.id === 'string' && typeof p.label === 'string') : [];
  } catch {
    return [];
  }
}

/** Where a provider's button goes: a full page navigation to the server, which sends the browser on. */
export function providerStartUrl(id: string, returnTo: string, apiUrl: string = env.API_URL): string {
  return `${apiUrl}/auth/oidc/${encodeURIComponent(id)}/start?returnTo=${encodeURIComponent(returnTo)}`;
}
