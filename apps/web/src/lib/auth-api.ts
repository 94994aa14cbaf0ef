import type { AuthResponse, LoginInput, RegisterInput, ResetConfirmInput, ForgotPasswordInput, User } from '@crs/shared/schemas/auth';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { MfaChallengeResponse } from '@crs/shared/schemas/identity';
import { api } from './api-client';

/** Every response's user, with roles always a list (a single value is wrapped: spec section 3). */
export type SessionUser = User & { department?: string | null };

export function normalizeUser(raw: unknown): SessionUser {
  const user = raw as SessionUser & { roles: unknown };
  const roles = Array.isArray(user.roles) ? user.roles : user.roles == null ? [] : [user.roles];
  return { ...user, roles } as SessionUser;
}

/** The login answer; `user` is normalized before use (a single role may arrive as a string). */
export type TokenResponse = Omit<AuthResponse, 'user' | 'refresh' | 'refreshToken'> & { refresh?: string; refreshToken?: string; user: unknown };

/** A sign-in's answer (issue 28): the tokens, or a second factor to give first (`mfaRequired`). */
export type SignInAnswer = TokenResponse | MfaChallengeResponse;
export const isMfaChallenge = (a: SignInAnswer): a is MfaChallengeResponse => 'mfaRequired' in a && a.mfaRequired === true;

export async function loginRequest(input: LoginInput): Promise<SignInAnswer> {
  const { data } = await api.post<SignInAnswer>('/auth/login', input);
  return data;
}

export async function registerRequest(input: RegisterInput): Promise<MessageBody> {
  const { data } = await api.post<MessageBody>('/auth/register', input);
  return data;
}

export async function logoutRequest(): Promise<void> {
  await api.post('/auth/logout');
}

export async function getMe(options: { skipAuthRedirect?: boolean } = {}): Promise<SessionUser> {
  const { data } = await api.get<{ user: unknown }>('/auth/users/me', { skipAuthRedirect: options.skipAuthRedirect });
  return normalizeUser(data.user);
}

export async function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageBody> {
  const { data } = await api.post<MessageBody>('/auth/reset/request', input);
  return data;
}

export async function confirmPasswordReset(input: ResetConfirmInput): Promise<MessageBody> {
  const { data } = await api.post<MessageBody>('/auth/reset/confirm', input);
  return data;
}
