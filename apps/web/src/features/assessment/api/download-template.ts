import { api } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';

/**
 * GET /assesment/exams/{id}/template?format=csv: the exam's marks file to fill in — its students'
 * IDs and names, Marks and Remarks empty — fetched through the API client (it carries the token)
 * and saved as a download. The filled file uploads back as it is.
 */
export async function downloadMarksTemplate(examId: string, baseName: string): Promise<void> {
  const res = await api.get<Blob>(`/assesment/exams/${encodeURIComponent(examId)}/template`, { params: { format: 'csv' }, responseType: 'blob' });
  saveBlob(res.data, fileNameOf(res.headers['content-disposition'], `${baseName}.csv`));
}
