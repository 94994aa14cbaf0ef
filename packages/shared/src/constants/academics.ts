// Weekdays as the timetable names them, without zod: screens that only show a timetable import these
// from here and load no schema; schemas/academics.ts re-exports them for the rest.

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Index 1..7 → name (index 0 unused). */
export const WEEKDAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const WEEKDAY_SHORT = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
