// Attendance statuses, without zod: the register's screens import them from here and load no
// schema they do not validate with; schemas/attendance.ts re-exports them for the rest.

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
