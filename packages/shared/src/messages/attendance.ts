/**
 * Attendance (issue 11, issue 25). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const ATTENDANCE_MSG = {
  attendanceLoadFailed: 'Failed to load attendance data', // spec (toast)
  attendanceStatus: 'Status must be present, absent, late or excused',
  attendanceNoRecords: 'Mark at least one student',
  attendanceDuplicateStudent: 'A student appears more than once',
  attendanceFutureDate: 'Attendance cannot be taken for a future date',
  attendanceWindowClosed: (days: number) => `Attendance older than ${days} days can only be corrected by an administrator`,
  attendanceNotYourClass: 'You can take attendance only for your own classes',
  attendanceOwnOnly: 'You can only see your own attendance',
  attendanceSaved: 'Attendance saved',
  attendanceBelowThreshold: (threshold: number) => `Your attendance is below the required ${threshold}%`,
  // Issue 25: attendance only for a timetabled class of that day, or a declared extra class.
  attendanceNotInTimetable: (label: string, weekday: string, start: string) =>
    `${label} has no class on the timetable at ${start} on ${weekday}. Choose a timetabled class, or save it as an extra class.`,
  attendanceExtraEnd: 'Give the time the extra class ends, after its start',
  attendanceCourseNotFound: "This subject is not one of the student's courses",
} as const;
