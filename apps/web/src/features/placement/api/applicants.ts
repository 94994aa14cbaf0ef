import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { applicantResponse, ApplicantsResponse, CellStatus } from '@crs/shared/schemas/placement';
import { api } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';
import { placementKeys } from './keys';

/** GET /placement/jobs/{id}/applications (the cell). */
export async function getApplicants(jobId: string): Promise<ApplicantsResponse> {
  const { data } = await api.get<ApplicantsResponse>(`/placement/jobs/${encodeURIComponent(jobId)}/applications`);
  return data;
}
export function useApplicants(jobId: string | undefined) {
  return useQuery(queryOptions({ queryKey: placementKeys.applicants(jobId ?? ''), queryFn: () => getApplicants(jobId!), enabled: Boolean(jobId) }));
}

/** PATCH /placement/applications/{id} {status}. */
export async function setApplicationStatus({ id, status }: { id: string; status: CellStatus }) {
  const { data } = await api.patch<z.infer<typeof applicantResponse>>(`/placement/applications/${encodeURIComponent(id)}`, { status });
  return data;
}
export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setApplicationStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: placementKeys.all }) });
}

/** GET /placement/jobs/{id}/applications/export?format=: saved through an object URL (the call carries the token). */
export async function downloadApplicants(jobId: string, format: 'xlsx' | 'csv'): Promise<void> {
  const res = await api.get<Blob>(`/placement/jobs/${encodeURIComponent(jobId)}/applications/export`, { params: { format }, responseType: 'blob' });
  saveBlob(res.data, fileNameOf(res.headers['content-disposition'], `applicants.${format}`));
}
