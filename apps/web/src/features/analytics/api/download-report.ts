import type { ReportFormat, ReportName } from '@crs/shared/schemas/analytics';
import { api } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';

export type DownloadProgress = { loaded: number; total: number | undefined };

/**
 * GET /reports/{name}?format=&...: fetched through the API client (it carries the token) as a
 * blob, reporting progress as it arrives, then saved from an object URL. Resolves to the file name.
 */
export async function downloadReport(name: ReportName, format: ReportFormat, params: Record<string, string>, onProgress: (p: DownloadProgress) => void): Promise<string> {
  const res = await api.get<Blob>(`/reports/${name}`, {
    params: { ...params, format },
    responseType: 'blob',
    onDownloadProgress: (e) => onProgress({ loaded: e.loaded, total: e.total || undefined }),
  });
  const file = fileNameOf(res.headers['content-disposition'], `${name}.${format}`);
  saveBlob(res.data, file);
  return file;
}
