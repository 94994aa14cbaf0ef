import type { ImportColumn } from '@crs/shared/schemas/import';
import type { CalendarEventKind, CalendarItemType, CalendarScope } from '@crs/shared/schemas/calendar';

/** Labels of the calendar screens (issue 27); the server's messages are in MSG (messages/calendar.ts). */
export const CALENDAR_TEXT = {
  title: 'Calendar',
  description: 'Your classes, exams, holidays, events, library due dates and placement deadlines.',
  views: 'Calendar view',
  month: 'Month',
  week: 'Week',
  agenda: 'Agenda',
  previous: 'Previous',
  next: 'Next',
  today: 'Today',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  loading: 'Calendar: loading',
  loadFailed: 'The calendar could not be loaded.',
  nothing: 'Nothing on the calendar for these dates.',
  nothingThatDay: 'Nothing this day.',
  allDay: 'All day',
  more: (n: number) => `+${n} more`,
  moreLabel: (n: number, day: string) => `+${n} more on ${day}: show the week`,
  terms: 'Terms',
  weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const,
  dayItems: (day: string, n: number) => `${day}: ${n} ${n === 1 ? 'item' : 'items'}`,
  open: (type: string, title: string) => `${type}: ${title}`,
  when: 'When',
  detail: 'Details',
  openPage: 'Open its page',
  close: 'Close',
  // Management (Admin, SuperAdmin; Staff: events)
  entriesTitle: 'Calendar entries',
  entriesDescription: 'The holidays, exam periods and events of these dates, for whomever they concern.',
  noEntries: 'No entries for these dates.',
  entriesFailed: 'The calendar entries could not be loaded.',
  add: 'Add entry',
  addTitle: 'Add to the calendar',
  editTitle: 'Edit calendar entry',
  formDescription: 'Holidays and exam periods last whole days; an event may have times.',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete calendar entry?',
  deleteText: (title: string) => `“${title}” will be removed from everyone's calendar and feed.`,
  deleting: 'Deleting...',
  kind: 'Kind',
  entryTitle: 'Title',
  entryDescription: 'Description (optional)',
  startDate: 'First day',
  endDate: 'Last day (optional)',
  startTime: 'Start time (optional)',
  endTime: 'End time (optional)',
  timesHint: 'Events only: give both times, or neither for an all-day event.',
  scope: 'Concerns',
  department: 'Department',
  section: 'Section',
  choose: 'Choose…',
  audiencesFailed: 'The departments and sections could not be loaded.',
  save: 'Save',
  create: 'Add',
  saving: 'Saving...',
  saveFailed: 'Failed to save the calendar entry',
  importHolidays: 'Import holidays',
  importTitle: 'Import Holidays',
  importDescription: 'A .csv, .xlsx or .xls file, one holiday a row. You see a preview first; nothing is imported if any row is invalid.',
  scopeText: (scope: CalendarScope, name: string | null) => (scope === 'college' ? 'Whole college' : `${scope === 'department' ? 'Department' : 'Section'} ${name ?? ''}`.trim()),
  // Dashboards
  upcomingTitle: 'Coming up',
  nextHoliday: 'Next holiday',
  nextEvent: 'Next event',
  noHoliday: 'No holiday ahead.',
  noEvent: 'No event ahead.',
  upcomingFailed: 'The next holiday and event could not be loaded.',
  openCalendar: 'Open the calendar',
} as const;

/** The name of each item type, shown next to its icon and colour (never colour alone). */
export const ITEM_TYPE_LABELS: Record<CalendarItemType, string> = {
  class: 'Class',
  exam: 'Exam',
  holiday: 'Holiday',
  'exam-period': 'Exam period',
  event: 'Event',
  'library-due': 'Library due',
  'placement-deadline': 'Placement deadline',
};

export const EVENT_KIND_LABELS: Record<CalendarEventKind, string> = { holiday: 'Holiday', 'exam-period': 'Exam period', event: 'Event' };
export const SCOPE_LABELS: Record<CalendarScope, string> = { college: 'Whole college', department: 'A department', section: 'A section' };

/**
 * The holiday spreadsheet's columns (the web's template and help). The contract names none; the
 * server's import is expected to read these keys (the event fields of a college-wide holiday).
 */
export const HOLIDAY_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'startDate', label: 'Date', required: true, aliases: ['Start Date', 'From'], example: '2027-01-26', hint: 'YYYY-MM-DD' },
  { key: 'endDate', label: 'End Date', aliases: ['To', 'Last Day'], example: '2027-01-26', hint: 'YYYY-MM-DD; empty for one day' },
  { key: 'title', label: 'Title', required: true, aliases: ['Holiday', 'Name'], example: 'Republic Day' },
  { key: 'description', label: 'Description', example: 'National holiday' },
];
