import { useEffect, useState } from 'react';
import type { PublicSettings } from '@crs/shared/schemas/settings';
import { REQUEST_TIMEOUT_MS, env } from '@/config/env';

/**
 * GET /settings/public for the sign-in pages, with the browser's fetch: the endpoint is public (no
 * token, nothing to refresh or redirect), and the API client (with its session refresh and
 * redirects) would join /login's first load, which decision 0012 keeps small. Signed-in pages read the same answer
 * through the API client and the query cache (lib/institution-query.ts).
 */
export async function fetchPublicSettings(apiUrl: string = env.API_URL): Promise<PublicSettings> {
  const res = await fetch(`${apiUrl}/settings/public`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET /settings/public → ${res.status}`);
  return (await res.json()) as PublicSettings;
}

let once: Promise<PublicSettings | undefined> | undefined;

/**
 * The institution for the sign-in pages, which carry no query cache (decision 0012 keeps TanStack
 * Query off /login): fetched once per page load and shared by every such page; undefined until it
 * arrives or if it cannot be read. Signed-in pages use `usePublicSettings` (lib/institution-query.ts).
 */
export function usePublicSettingsOnce(): PublicSettings | undefined {
  const [value, setValue] = useState<PublicSettings | undefined>();
  useEffect(() => {
    let live = true;
    once ??= fetchPublicSettings().catch(() => {
      once = undefined;
      return undefined;
    });
    void once.then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, []);
  return value;
}
