/**
 * Query keys of the academics feature. Setup changes invalidate `academicsKeys.setup` (the lists feed
 * each other's pickers); saving attendance invalidates `academicsKeys.attendance`.
 */
export const academicsKeys = {
  all: ['academics'] as const,
  setup: ['academics', 'setup'] as const,
  resource: (name: string) => ['academics', 'setup', name] as const,
  roster: (sectionId: string) => ['academics', 'setup', 'sections', sectionId, 'students'] as const,
  users: ['academics', 'users'] as const,
  mySubjects: ['academics', 'my-subjects'] as const,
  myTimetable: ['academics', 'timetable', 'me'] as const,
  weekHolidays: (from: string, to: string) => ['academics', 'timetable', 'holidays', from, to] as const,
  myCourses: ['academics', 'courses', 'me'] as const,
  attendance: ['academics', 'attendance'] as const,
  summary: ['academics', 'attendance', 'summary'] as const,
  dayClasses: (date: string | undefined) => ['academics', 'attendance', 'classes', date ?? 'today'] as const,
  session: (assignmentId: string, date: string, start: string | undefined) => ['academics', 'attendance', 'session', assignmentId, date, start ?? ''] as const,
  myAttendance: ['academics', 'attendance', 'me'] as const,
  today: ['academics', 'attendance', 'today'] as const,
  subjectAttendance: (assignmentId: string, studentId: string | undefined) => ['academics', 'attendance', 'subject', assignmentId, studentId ?? 'me'] as const,
};
