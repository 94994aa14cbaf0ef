import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ActiveSession, LinkedIdentity, MfaStatus, recoveryCodesResponseSchema, sessionsRevokedResponse, totpConfirmResponseSchema } from '@crs/shared/schemas/identity';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { TotpSetup } from '@/components/mfa/totp-setup-view';
import { api } from '@/lib/api-client';

/** The Account page's identity lists (issue 28): refreshed together after any change to them. */
export const identityKeys = {
  all: ['account', 'identity'] as const,
  mfa: ['account', 'identity', 'mfa'] as const,
  sessions: ['account', 'identity', 'sessions'] as const,
  identities: ['account', 'identity', 'identities'] as const,
};

/** GET /auth/mfa: whether TOTP is on, since when, the recovery codes left, whether the role requires it. */
export function useMfaStatus() {
  return useQuery({ queryKey: identityKeys.mfa, queryFn: async () => (await api.get<MfaStatus>('/auth/mfa')).data });
}
/** POST /auth/mfa/totp/setup (signed in): a new key, not on until confirmed. */
export async function setupTotp(): Promise<TotpSetup> {
  return (await api.post<TotpSetup>('/auth/mfa/totp/setup', {})).data;
}
/** POST /auth/mfa/totp/confirm: the first code turns it on; the answer's recovery codes are shown once. */
export async function confirmTotp(code: string): Promise<z.infer<typeof totpConfirmResponseSchema>> {
  return (await api.post<z.infer<typeof totpConfirmResponseSchema>>('/auth/mfa/totp/confirm', { code })).data;
}
/** DELETE /auth/mfa/totp {code}: a current code (or a recovery code) turns it off. */
export async function disableTotp(code: string): Promise<MessageBody> {
  return (await api.request<MessageBody>({ method: 'DELETE', url: '/auth/mfa/totp', data: { code } })).data;
}
/** POST /auth/mfa/recovery-codes {code}: ten new codes; the old ones stop working. */
export async function renewRecoveryCodes(code: string): Promise<z.infer<typeof recoveryCodesResponseSchema>> {
  return (await api.post<z.infer<typeof recoveryCodesResponseSchema>>('/auth/mfa/recovery-codes', { code })).data;
}

/** GET /auth/sessions: the caller's active sessions, this one marked `current`. */
export function useSessions() {
  return useQuery({ queryKey: identityKeys.sessions, queryFn: async () => (await api.get<{ sessions: ActiveSession[] }>('/auth/sessions')).data.sessions });
}
/** DELETE /auth/sessions/{id}: signs one other session out. */
export async function revokeSession(id: string): Promise<MessageBody> {
  return (await api.delete<MessageBody>(`/auth/sessions/${encodeURIComponent(id)}`)).data;
}
/** DELETE /auth/sessions: signs every other session out. */
export async function revokeOtherSessions(): Promise<z.infer<typeof sessionsRevokedResponse>> {
  return (await api.delete<z.infer<typeof sessionsRevokedResponse>>('/auth/sessions')).data;
}

/** GET /auth/identities: the college accounts linked to this one, and whether it has a password. */
export function useLinkedIdentities() {
  return useQuery({ queryKey: identityKeys.identities, queryFn: async () => (await api.get<{ identities: LinkedIdentity[]; hasPassword: boolean }>('/auth/identities')).data });
}
/** DELETE /auth/identities/{id}: unlinks one (refused without a password: it would be the only way in). */
export async function unlinkIdentity(id: string): Promise<MessageBody> {
  return (await api.delete<MessageBody>(`/auth/identities/${encodeURIComponent(id)}`)).data;
}
