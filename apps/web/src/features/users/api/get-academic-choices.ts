import { useQuery } from '@tanstack/react-query';
import type { Department, Section } from '@crs/shared/schemas/academics';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** The form's Department and Section choices: Academics' lists (decision 0036). */
export type AcademicChoices = { departments: Department[]; sections: Section[] };

/** GET /academics/departments and /academics/sections (every section, newest academic year first; the form filters them by department). */
export async function getAcademicChoices(): Promise<AcademicChoices> {
  const [d, s] = await Promise.all([
    api.get<{ departments: Department[] }>('/academics/departments'),
    api.get<{ sections: Section[] }>('/academics/sections', { params: { pageSize: 500 } }),
  ]);
  return { departments: d.data.departments, sections: s.data.sections };
}

export const useAcademicChoices = (enabled = true) => useQuery({ queryKey: userKeys.academicChoices, queryFn: getAcademicChoices, staleTime: 60_000, enabled });
