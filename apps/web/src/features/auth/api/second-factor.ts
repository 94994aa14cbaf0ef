import type { z } from 'zod';
import type { totpConfirmResponseSchema } from '@crs/shared/schemas/identity';
import type { SignInAnswer, TokenResponse } from '@/lib/auth-api';
import { api } from '@/lib/api-client';
import type { TotpSetup } from '@/components/mfa/totp-setup-view';

export type EnrolAnswer = z.infer<typeof totpConfirmResponseSchema>;

// Before the sign-in ends there is no session: a refusal is about the code or the mfaToken, so the
// client never tries a refresh nor leaves the page over it (skipAuthRedirect; lib/api-client.ts).
const PRE_SESSION = { skipAuthRedirect: true } as const;

/** POST /auth/mfa/verify: the code (or a recovery code) completes a sign-in that answered `mfaRequired`. */
export async function verifySecondFactor(mfaToken: string, code: string): Promise<TokenResponse> {
  const { data } = await api.post<TokenResponse>('/auth/mfa/verify', { mfaToken, code }, PRE_SESSION);
  return data;
}

/** POST /auth/mfa/totp/setup with the sign-in's mfaToken (a role that must enrol). */
export async function startEnrolment(mfaToken: string): Promise<TotpSetup> {
  const { data } = await api.post<TotpSetup>('/auth/mfa/totp/setup', { mfaToken }, PRE_SESSION);
  return data;
}

/** POST /auth/mfa/totp/confirm with the mfaToken: turns TOTP on and answers the recovery codes and the tokens. */
export async function confirmEnrolment(mfaToken: string, code: string): Promise<EnrolAnswer> {
  const { data } = await api.post<EnrolAnswer>('/auth/mfa/totp/confirm', { code, mfaToken }, PRE_SESSION);
  return data;
}

/** POST /auth/oidc/exchange: the one-time code of /login/callback for the login answer. */
export async function exchangeProviderCode(code: string): Promise<SignInAnswer> {
  const { data } = await api.post<SignInAnswer>('/auth/oidc/exchange', { code }, PRE_SESSION);
  return data;
}
