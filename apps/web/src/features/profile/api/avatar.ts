import type { User } from '@crs/shared/schemas/auth';
import { api } from '@/lib/api-client';

type AvatarAnswer = { message: string; user: User };

/** PUT /auth/users/me/avatar (multipart `file`); `onProgress` gets 0–100 as the bytes go out. */
export async function uploadAvatar(file: File, onProgress?: (percent: number) => void): Promise<AvatarAnswer> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.put<AvatarAnswer>('/auth/users/me/avatar', form, {
    onUploadProgress: (e) => {
      if (e.total) onProgress?.(Math.round((e.loaded / e.total) * 100));
    },
  });
  return data;
}

/** DELETE /auth/users/me/avatar: back to the initials. */
export async function removeAvatar(): Promise<AvatarAnswer> {
  const { data } = await api.delete<AvatarAnswer>('/auth/users/me/avatar');
  return data;
}
