import type { Alumnus, MyAlumnusVisibility } from '@crs/shared/schemas/alumni';
import { api } from '@/lib/api-client';
import { HttpError } from '@/lib/http';

/**
 * GET /alumni/me (issue 27): the graduate's own alumni record; null when the caller has none (the
 * server's 404: only a graduate has one).
 */
export async function getMyAlumnus(): Promise<Alumnus | null> {
  try {
    const { data } = await api.get<{ alumnus: Alumnus }>('/alumni/me');
    return data.alumnus;
  } catch (e) {
    if (e instanceof HttpError && e.response?.status === 404) return null;
    throw e;
  }
}

/** PATCH /alumni/me: the graduate makes their profile public or private; the server's message and the record. */
export async function setMyAlumnusVisibility(visibility: MyAlumnusVisibility['visibility']): Promise<{ message: string; alumnus: Alumnus }> {
  const { data } = await api.patch<{ message: string; alumnus: Alumnus }>('/alumni/me', { visibility });
  return data;
}
