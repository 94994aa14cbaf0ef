import { formatDate, formatMonth as monthOf } from '@/lib/format-date';
import type { Alumnus, Experience } from './api/types';
import { ALUMNI_TEXT } from './texts';

/** '2019-07-01' → 'Jul 2019'; missing or unreadable → 'N/A' (spec section 2). */
export const formatMonth = (iso: string | null | undefined): string => monthOf(iso, ALUMNI_TEXT.notAvailable);

/** A timestamp as '12 Mar 2025' (the college's day); missing → 'N/A'. */
export const formatDay = (iso: string | null | undefined): string => formatDate(iso, ALUMNI_TEXT.notAvailable);

/** 'Jul 2015 – Jun 2018', 'Jul 2019 – Present'; a missing date reads 'N/A'. */
export function dateRange(e: Pick<Experience, 'startDate' | 'endDate' | 'currentlyWorking'>): string {
  return `${formatMonth(e.startDate)} – ${e.currentlyWorking ? ALUMNI_TEXT.present : formatMonth(e.endDate)}`;
}

/** 'B.Tech in Computer Science', or whichever of the two is known; null when neither. */
export function degreeLine(a: Pick<Alumnus, 'degree' | 'specialization'>): string | null {
  if (a.degree && a.specialization) return `${a.degree} in ${a.specialization}`;
  return a.degree ?? a.specialization ?? null;
}

/** The detail page's line: 'B.Tech in Computer Science (2018)'. */
export function degreeWithYear(a: Pick<Alumnus, 'degree' | 'specialization' | 'graduationYear'>): string | null {
  const degree = degreeLine(a);
  if (degree && a.graduationYear) return `${degree} (${a.graduationYear})`;
  return degree ?? (a.graduationYear ? `Class of ${a.graduationYear}` : null);
}

/** 'Senior Engineer at Infosys', or whichever is known; null when neither. */
export function roleAtCompany(a: Pick<Alumnus, 'currentRole' | 'currentCompany'>): string | null {
  if (a.currentRole && a.currentCompany) return `${a.currentRole} at ${a.currentCompany}`;
  return a.currentRole ?? a.currentCompany ?? null;
}
