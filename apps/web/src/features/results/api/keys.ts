/** Query keys of the results feature. */
export const resultsKeys = {
  mine: ['results', 'me'] as const,
  upcomingExams: ['results', 'upcoming-exams'] as const,
  student: (student: string) => ['results', 'student', student] as const,
};
