import type { UpdateMeInput, User } from '@crs/shared/schemas/auth';
import { api } from '@/lib/api-client';

/** PATCH /auth/users/me: name, email and bio of the signed-in user. */
export async function updateProfile(patch: UpdateMeInput): Promise<{ message: string; user: User }> {
  const { data } = await api.patch<{ message: string; user: User }>('/auth/users/me', patch);
  return data;
}
