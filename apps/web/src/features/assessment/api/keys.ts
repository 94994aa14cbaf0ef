/**
 * Query keys of the assessment feature. Every write to exams or marks invalidates `exams` (the
 * list's marked counts, the grids) and `performance` (the Marks Overview).
 */
export const assessmentKeys = {
  all: ['assessment'] as const,
  exams: ['assessment', 'exams'] as const,
  marks: (examId: string) => ['assessment', 'exams', examId, 'marks'] as const,
  classes: (scope: 'mine' | 'all') => ['assessment', 'classes', scope] as const,
  performance: ['assessment', 'performance'] as const,
};

/** What a change to an exam or its marks makes stale. */
export const ASSESSMENT_WRITES = [assessmentKeys.exams, assessmentKeys.performance] as const;
