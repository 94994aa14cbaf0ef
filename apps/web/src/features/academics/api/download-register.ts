import { api } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';

export type RegisterFormat = 'xlsx' | 'csv';

/**
 * GET /attendance/register?assignmentId=&format=: the class's register (one row per student, one
 * column per session) as a download. Fetched through the API client (it carries the token), then
 * saved from an object URL, which is revoked once the browser has taken the file.
 */
export async function downloadRegister(assignmentId: string, format: RegisterFormat, baseName: string): Promise<void> {
  const res = await api.get<Blob>('/attendance/register', { params: { assignmentId, format }, responseType: 'blob' });
  saveBlob(res.data, fileNameOf(res.headers['content-disposition'], `${baseName}.${format}`));
}
