import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verificationListResponse, verificationResponse, verificationScanResponse } from '@crs/shared/schemas/library';
import { api } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';
import { libraryKeys } from './keys';

import type { Verification, VerificationReport } from '@crs/shared/schemas/library';

export type { Verification, VerificationReport };
type VerificationResponse = z.infer<typeof verificationResponse>;
export type ScanResult = z.infer<typeof verificationScanResponse>;

const path = (id: string) => `/library/verifications/${encodeURIComponent(id)}`;

export function useVerifications() {
  return useQuery({ queryKey: libraryKeys.verifications, queryFn: async () => (await api.get<z.infer<typeof verificationListResponse>>('/library/verifications')).data.verifications });
}

export function useVerificationReport(id: string | null) {
  return useQuery({
    queryKey: [...libraryKeys.verifications, id, 'report'],
    queryFn: async () => (await api.get<VerificationReport>(`${path(id!)}/report`)).data,
    enabled: id !== null,
  });
}

export function useStartVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shelf: string) => (await api.post<VerificationResponse>('/library/verifications', { shelf })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.verifications }),
  });
}

export function useVerificationScan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (barcode: string) => (await api.post<ScanResult>(`${path(id)}/scans`, { barcodes: [barcode] })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.verifications }),
  });
}

export function useCloseVerification(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<VerificationResponse>(`${path(id)}/close`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.verifications }),
  });
}

/** The report as an .xlsx, through the API client (it carries the token), saved by the browser. */
export async function downloadReport(id: string): Promise<void> {
  const res = await api.get<Blob>(`${path(id)}/report.xlsx`, { responseType: 'blob' });
  saveBlob(res.data, fileNameOf(res.headers?.['content-disposition'], 'stock-verification.xlsx'));
}
