import type { OidcProvider } from '@crs/shared/schemas/identity';
import type { Role } from '@crs/shared/roles';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { unseal } from '../../lib/crypto.ts';
import * as repo from './identity.repository.ts';

// The providers in force: the environment's `default` (OIDC_* variables) and those a SuperAdmin
// saved in Settings. Kept per process in a cache every change invalidates in every process.

export const SECRET_PURPOSE = 'oidc-client-secret';
/** The id of the provider from OIDC_* variables. */
export const ENV_PROVIDER_ID = 'default';

export type ProviderDefinition = Omit<OidcProvider, 'clientSecretSet' | 'redirectUri' | 'createdAt' | 'updatedAt'> & {
  /** In clear, for the token endpoint only (never in an answer or the audit log). */
  clientSecret: string;
  createdAt: Date | null;
  updatedAt: Date | null;
};

const cache = (ctx: AppContext) => ctx.caches.of<ProviderDefinition[]>('oidc-providers');
const KEY = 'all';

function fromEnvironment(ctx: AppContext): ProviderDefinition | undefined {
  const e = ctx.config.oidc;
  if (!e) return undefined;
  return {
    id: ENV_PROVIDER_ID,
    label: e.label,
    issuer: e.issuer,
    clientId: e.clientId,
    clientSecret: e.clientSecret,
    enabled: true,
    allowedDomains: e.allowedDomains,
    roleClaim: null,
    roleMapping: [],
    defaultRole: e.defaultRole,
    approvalForStaff: true,
    amrCountsAsMfa: false,
    requiredForRoles: [],
    requiredForDomains: [],
    source: 'environment',
    createdAt: null,
    updatedAt: null,
  };
}

export function fromRow(ctx: AppContext, row: repo.OidcProviderRow): ProviderDefinition {
  const { clientSecretSealed, ...rest } = row;
  return {
    ...rest,
    roleMapping: [...row.roleMapping],
    // A secret sealed under another server secret cannot be opened: the sign-in fails at the token endpoint.
    clientSecret: unseal(ctx.config.jwtSecret, SECRET_PURPOSE, clientSecretSealed) ?? '',
    source: 'settings',
  };
}

/** Every provider, enabled or not: the environment's first, then Settings' by label. */
export async function allProviders(ctx: AppContext, tx?: Executor): Promise<ProviderDefinition[]> {
  const c = cache(ctx);
  const hit = c.get(KEY);
  if (hit) return hit;
  const epoch = c.epoch;
  const env = fromEnvironment(ctx);
  const rows = await repo.listProviders(tx ?? ctx.db);
  const list = [...(env ? [env] : []), ...rows.filter((r) => r.id !== ENV_PROVIDER_ID).map((r) => fromRow(ctx, r))];
  c.set(KEY, list, epoch);
  return list;
}

/** The provider `id` when it exists and is enabled. */
export const enabledProvider = async (ctx: AppContext, id: string): Promise<ProviderDefinition | undefined> =>
  (await allProviders(ctx)).find((p) => p.id === id && p.enabled);

/** Every process forgets the providers (call after a change has committed). */
export const providersChanged = (ctx: AppContext): Promise<void> => cache(ctx).invalidate(KEY);

export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The roles a provider gives a new account from its claims: the first matching mapping row, else its default role. */
export function rolesFromClaims(provider: ProviderDefinition, claims: Record<string, unknown>): Role[] {
  if (provider.roleClaim) {
    const raw = claims[provider.roleClaim];
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
    const hit = provider.roleMapping.find((m) => values.includes(m.value));
    if (hit) return [hit.role];
  }
  return [provider.defaultRole];
}
