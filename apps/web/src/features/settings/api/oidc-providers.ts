import { useQuery } from '@tanstack/react-query';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { OidcProvider, OidcProviderInput, OidcProviderPatch } from '@crs/shared/schemas/identity';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const providersKey = [...queryKeys.settings, 'oidc-providers'] as const;
type Saved = { message: string; provider: OidcProvider };

/** GET /settings/oidc-providers (SuperAdmin): Settings' providers and the environment's, with their redirect URIs. */
export function useOidcProviders() {
  return useQuery({ queryKey: providersKey, queryFn: async () => (await api.get<{ providers: OidcProvider[] }>('/settings/oidc-providers')).data.providers });
}
/** POST /settings/oidc-providers. */
export async function createOidcProvider(input: OidcProviderInput): Promise<Saved> {
  return (await api.post<Saved>('/settings/oidc-providers', input)).data;
}
/** PATCH /settings/oidc-providers/{id}: without `clientSecret` the stored one stays. */
export async function updateOidcProvider(id: string, patch: OidcProviderPatch): Promise<Saved> {
  return (await api.patch<Saved>(`/settings/oidc-providers/${encodeURIComponent(id)}`, patch)).data;
}
/** DELETE /settings/oidc-providers/{id}. */
export async function deleteOidcProvider(id: string): Promise<MessageBody> {
  return (await api.delete<MessageBody>(`/settings/oidc-providers/${encodeURIComponent(id)}`)).data;
}
