import type { ImportResult } from '@crs/shared/schemas/import';
import { api } from '@/lib/api-client';

/**
 * POST /assesment/marks (spec: multipart `examId`, `csv`) through the import pipeline: with
 * `dryRun` the server checks every row and writes nothing (the preview); without, every row or
 * none (422 with the row errors), replacing the exam's marks. Progress is the uploaded fraction.
 */
export async function uploadMarks(examId: string, file: File, options: { dryRun: boolean; onProgress?: (fraction: number) => void }): Promise<ImportResult> {
  const form = new FormData();
  form.append('examId', examId);
  form.append('csv', file);
  const { data } = await api.post<ImportResult>('/assesment/marks', form, {
    params: options.dryRun ? { dryRun: 'true' } : undefined,
    onUploadProgress: (e) => options.onProgress?.(e.total ? e.loaded / e.total : (e.progress ?? 0)),
  });
  return data;
}
