// Exams' kinds and their labels, without zod: screens that only show an exam (dashboards, results)
// import these from here and load no schema; schemas/assessment.ts re-exports them for the rest.

export const EXAM_KINDS = ['internal', 'mid-term', 'end-term', 'assignment'] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];
export const EXAM_KIND_LABELS: Record<ExamKind, string> = { internal: 'Internal', 'mid-term': 'Mid-term', 'end-term': 'End-term', assignment: 'Assignment' };
