import type { z } from 'zod';
import type { ChangePasswordInput, changePasswordResponseSchema } from '@crs/shared/schemas/auth';
import { api } from '@/lib/api-client';
import { setTokens } from '@/lib/tokens';

type Answer = z.infer<typeof changePasswordResponseSchema>;

/**
 * POST /auth/users/me/password. The answer's access token replaces the stored one (the old one
 * stopped working with the change); the refresh token stays, as the session does.
 */
export async function changePassword(input: ChangePasswordInput): Promise<Answer> {
  const { data } = await api.post<Answer>('/auth/users/me/password', input);
  setTokens(data.token, null);
  return data;
}
