import type { ImportResult } from '@crs/shared/schemas/import';
import { api } from '@/lib/api-client';
import type { ImportUpload } from './import-dialog';

/**
 * The upload every import route takes (decision 0016): the file as multipart field "file",
 * `?dryRun=true` for the preview, upload progress reported as a fraction.
 */
export function importUploader(url: string): ImportUpload {
  return async (file, { dryRun, onProgress }) => {
    const form = new FormData();
    form.append('file', file);
    const { data } = await api.post<ImportResult>(url, form, {
      params: dryRun ? { dryRun: 'true' } : undefined,
      onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : (e.progress ?? 0)),
    });
    return data;
  };
}
