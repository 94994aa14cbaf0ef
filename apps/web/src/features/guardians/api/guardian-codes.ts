import { useMutation } from '@tanstack/react-query';
import type { GuardianCode } from '@crs/shared/schemas/guardians';
import { api } from '@/lib/api-client';

/** POST /students/{id}/guardian-codes: a one-time code for a parent or guardian, valid 7 days. */
export async function makeGuardianCode(student: string): Promise<GuardianCode> {
  const { data } = await api.post<GuardianCode>(`/students/${encodeURIComponent(student)}/guardian-codes`);
  return data;
}

export function useMakeGuardianCode() {
  return useMutation({ mutationFn: makeGuardianCode });
}
