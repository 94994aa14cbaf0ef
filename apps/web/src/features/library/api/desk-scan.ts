import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deskScanResponse } from '@crs/shared/schemas/library';
import { api } from '@/lib/api-client';
import { libraryKeys } from './keys';
import type { Member } from './types';

export type DeskScanResult = z.infer<typeof deskScanResponse>;

/** POST /library/desk/member: who a scanned card (ID card QR, student ID, employee ID) is. */
export async function scanMember(member: string): Promise<Member> {
  const { data } = await api.post<Member>('/library/desk/member', { member });
  return data;
}

/** POST /library/desk/scan: a copy on loan comes back, an available copy goes out to the member. */
export async function scanCopy(barcode: string, member?: string): Promise<DeskScanResult> {
  const { data } = await api.post<DeskScanResult>('/library/desk/scan', member ? { barcode, member } : { barcode });
  return data;
}

/** A copy scan; afterwards every library figure and list reloads. */
export function useScanCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ barcode, member }: { barcode: string; member?: string }) => scanCopy(barcode, member),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
