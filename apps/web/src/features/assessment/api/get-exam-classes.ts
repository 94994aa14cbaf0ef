import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ACADEMIC_MANAGERS, hasAnyRole } from '@crs/shared/roles';
import type { assignmentListResponse, mySubjectsResponse } from '@crs/shared/schemas/academics';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { assessmentKeys } from './keys';

/** A class an exam can be set for: its value is "subjectId|sectionId" (the exam form's classKey). */
export type ExamClass = { value: string; label: string };

/** The caller's teaching assignments (GET /teachers/my-subjects): a teacher sets exams for these only. */
async function myClasses(): Promise<ExamClass[]> {
  const { data } = await api.get<z.infer<typeof mySubjectsResponse>>('/teachers/my-subjects');
  return data.subjects.map((s) => ({ value: `${s.subjectId}|${s.sectionId}`, label: `${s.code} · ${s.section} — ${s.name}` }));
}

/** Every teaching assignment (GET /academics/assignments): Admin and SuperAdmin set exams for any taught class. */
async function allClasses(): Promise<ExamClass[]> {
  const { data } = await api.get<z.infer<typeof assignmentListResponse>>('/academics/assignments', { params: { pageSize: 500 } });
  return data.assignments.map((a) => ({ value: `${a.subjectId}|${a.sectionId}`, label: `${a.label} — ${a.subjectName} (${a.teacher.name})` }));
}

/** The classes the exam form offers, by who is asking. */
export function useExamClasses(enabled = true) {
  const { user } = useAuth();
  const manager = hasAnyRole(user?.roles ?? [], ACADEMIC_MANAGERS);
  return useQuery({ queryKey: assessmentKeys.classes(manager ? 'all' : 'mine'), queryFn: manager ? allClasses : myClasses, enabled });
}
