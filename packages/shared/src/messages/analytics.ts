/**
 * Analytics and reports (issue 14). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const ANALYTICS_MSG = {
  rangeOrder: 'The end date must be on or after the start date',
  rangeTooLong: (days: number) => `Pick a range of at most ${days} days`,
  monthFormat: 'Use a month like 2026-11 (year-month)',
  reportNotFound: 'Report not found',
  reportFormat: 'Format must be xlsx or csv',
  reportSectionRequired: 'Section is required',
  reportMonthRequired: 'Month is required',
  reportExamRequired: 'Exam is required',
} as const;
