import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@crs/shared/schemas/import';
import type { ImportUpload } from '@/components/import/import-dialog';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { EnrolResult, SectionStudents } from './types';

/** GET /academics/sections/{id}/students: the section's roster by roll number. */
export async function getSectionStudents(sectionId: string): Promise<SectionStudents> {
  const { data } = await api.get<SectionStudents>(`/academics/sections/${sectionId}/students`);
  return data;
}

export function useSectionStudents(sectionId: string) {
  return useQuery({ queryKey: academicsKeys.roster(sectionId), queryFn: () => getSectionStudents(sectionId) });
}

/** POST /academics/sections/{id}/students {studentIds}: enrols them (already enrolled ones stay once). */
export function useEnrolStudents(sectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (studentIds: string[]) => (await api.post<EnrolResult>(`/academics/sections/${sectionId}/students`, { studentIds })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academicsKeys.all }),
  });
}

/** DELETE /academics/sections/{id}/students/{studentId}. */
export function useUnenrolStudent(sectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (studentId: string) => (await api.delete<{ message: string }>(`/academics/sections/${sectionId}/students/${studentId}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academicsKeys.all }),
  });
}

/** POST /academics/sections/{id}/students/import: one student (email or student ID) per row. */
export function enrolmentImporter(sectionId: string): ImportUpload {
  return async (file, { dryRun, onProgress }) => {
    const form = new FormData();
    form.append('file', file);
    const { data } = await api.post<ImportResult>(`/academics/sections/${sectionId}/students/import`, form, {
      params: dryRun ? { dryRun: 'true' } : undefined,
      onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : (e.progress ?? 0)),
    });
    return data;
  };
}
