/**
 * The academic calendar and its iCal feed (issue 27). Part of MSG (../messages.ts); a screen imports
 * the part it needs.
 */
export const CALENDAR_MSG = {
  calendarDateInvalid: 'Dates must be written as YYYY-MM-DD',
  calendarKindInvalid: 'Kind must be holiday, exam-period or event',
  calendarScopeInvalid: 'Scope must be college, department or section',
  calendarTitleRequired: 'Title is required',
  calendarTitleTooLong: 'Title must be at most 120 characters',
  calendarDescriptionTooLong: 'Description must be at most 2000 characters',
  calendarEndBeforeStart: 'The end must not be before the start',
  calendarTimesBoth: 'Give both a start and an end time, or neither',
  calendarAllDayOnly: 'Holidays and exam periods last whole days',
  calendarDepartmentRequired: 'Choose the department this concerns',
  calendarSectionRequired: 'Choose the section this concerns',
  calendarRangeTooLong: 'Ask for at most 366 days at a time',
  calendarEventNotFound: 'Calendar entry not found',
  calendarStaffEventsOnly: 'Staff may add and change events only',
  calendarEventCreated: 'Added to the calendar',
  calendarEventUpdated: 'Calendar entry updated',
  calendarEventDeleted: 'Calendar entry deleted',
  calendarFeedNotFound: 'Calendar feed not found',
  calendarFeedRotated: 'A new calendar link was made; the old one no longer works',
  calendarFeedRevoked: 'Calendar link turned off',
  calendarLibraryDue: (book: string) => `Library book due: ${book}`,
  calendarPlacementDeadline: (company: string, role: string) => `Last day to apply: ${company}, ${role}`,
  calendarFeedName: (college: string) => `${college} calendar`,
  calendarHolidaysImported: (created: number) => `${created} holiday${created === 1 ? '' : 's'} imported`,
  calendarImportDepartmentUnknown: 'No department has this code',
  calendarImportSectionUnknown: 'No section has this name',
  sessionOnHoliday: (title: string) => `No classes are held on this day: it is a holiday (${title}). Mark it as an extra class to record it anyway.`,
  /** A timetabled class not held because its section has a holiday that day (teacher's day, attendance page). */
  classOnHoliday: (title: string) => `Holiday: ${title}`,
  classOnHolidayHint: 'No class is held on a holiday. To hold one anyway, declare it as an extra class below.',
  sessionOutsideTerm: 'This day is outside the academic terms. Mark it as an extra class to record it anyway.',
} as const;
