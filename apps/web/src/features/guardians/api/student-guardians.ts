import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardiansList, LinkGuardianBody } from '@crs/shared/schemas/guardians';
import { api } from '@/lib/api-client';
import { guardianKeys } from './keys';

/** GET /students/{id}/guardians (Admin): the guardians linked to a student. */
export async function getStudentGuardians(student: string): Promise<GuardiansList> {
  const { data } = await api.get<GuardiansList>(`/students/${encodeURIComponent(student)}/guardians`);
  return data;
}

export const studentGuardiansQueryOptions = (student: string) => queryOptions({ queryKey: guardianKeys.ofStudent(student), queryFn: () => getStudentGuardians(student), retry: false });

export function useStudentGuardians(student: string) {
  return useQuery(studentGuardiansQueryOptions(student));
}

/** POST /students/{id}/guardians (Admin): links a guardian account by email. */
export function useLinkGuardian(student: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkGuardianBody) => (await api.post<{ message: string }>(`/students/${encodeURIComponent(student)}/guardians`, body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianKeys.all }),
  });
}

/** DELETE /guardians/{guardianId}/children/{studentId} (Admin). */
export function useUnlinkGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ guardianId, studentId }: { guardianId: string; studentId: string }) =>
      (await api.delete<{ message: string }>(`/guardians/${encodeURIComponent(guardianId)}/children/${encodeURIComponent(studentId)}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardianKeys.all }),
  });
}
