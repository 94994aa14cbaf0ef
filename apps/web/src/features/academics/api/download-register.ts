import { api } from '@/lib/api-client';

export type RegisterFormat = 'xlsx' | 'csv';

/** The file name the server gives in Content-Disposition, else ours. */
function fileNameOf(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * GET /attendance/register?assignmentId=&format=: the class's register (one row per student, one
 * column per session) as a download. Fetched through the API client (it carries the token), then
 * saved from an object URL, which is revoked once the browser has taken the file.
 */
export async function downloadRegister(assignmentId: string, format: RegisterFormat, baseName: string): Promise<void> {
  const res = await api.get<Blob>('/attendance/register', { params: { assignmentId, format }, responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers['content-disposition'], `${baseName}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
