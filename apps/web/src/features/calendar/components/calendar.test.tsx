import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { CalendarEvent, CalendarItem } from '@crs/shared/schemas/calendar';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { setMediaMatches } from '@/test/match-media';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';
import { collegeToday } from '@/lib/format-date';
import { startOfWeek } from '../lib/dates';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const item = (id: string, type: CalendarItem['type'], title: string, date: string, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  id,
  type,
  title,
  date,
  endDate: date,
  start: null,
  end: null,
  detail: null,
  link: null,
  eventId: null,
  ...extra,
});
const ITEMS: CalendarItem[] = [
  item('event:h1', 'holiday', 'Christmas', '2026-12-25', { eventId: 'h1' }),
  item('class:s1:2026-12-07', 'class', 'CS301 Data Structures', '2026-12-07', { start: '09:00', end: '10:00', detail: 'Room CSE-201 · Dr. Kavitha Rao', link: '/dashboard/student/timetable' }),
  item('exam:e1', 'exam', 'CS301 Mid-term', '2026-12-09', { detail: 'CSE-3A' }),
  item('loan:l1', 'library-due', 'Return “Clean Code”', '2026-12-10', { link: '/dashboard/student/library' }),
];
/** GET /calendar answering the items of the asked range. */
const calendarRoute = (items: CalendarItem[]) => (req: RecordedRequest) => {
  const from = req.query.get('from')!;
  const to = req.query.get('to')!;
  return { body: { from, to, terms: [{ name: 'Odd semester 2026', start: '2026-07-15', end: '2026-12-20' }], items: items.filter((i) => i.endDate >= from && i.date <= to) } };
};
const student = () => makeUser({ roles: ['Student'], name: 'Arjun Menon' });

describe('/calendar', () => {
  it('lists the month on a phone as days with their items, each named by its type, and opens an item with a link to its page', async () => {
    server = await signedInAs(student(), { 'GET /calendar': calendarRoute(ITEMS) });
    const user = userEvent.setup();
    renderApp('/calendar?view=month&date=2026-12-07');
    expect(await screen.findByRole('heading', { name: 'Calendar', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dec 2026', level: 2 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Dec 2026' });
    // 390 px: no seven-column grid, the days stack.
    expect(screen.queryByTestId('month-grid')).not.toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Fri 25 Dec 2026' })).toBeInTheDocument();
    // The type is said first (a hidden word) and shown as a word beside the title.
    expect(within(list).getByRole('button', { name: 'Holiday: Christmas' })).toHaveTextContent(/Christmas.*Holiday$/);
    expect(within(list).getByRole('button', { name: 'Library due: Return “Clean Code”' })).toBeInTheDocument();
    // The grid's whole weeks are fetched (Mon 30 Nov to Sun 3 Jan).
    const ask = server.calls('GET /calendar')[0]!;
    expect([ask.query.get('from'), ask.query.get('to')]).toEqual(['2026-11-30', '2027-01-03']);
    expect(screen.getByText(/Odd semester 2026 \(15 Jul 2026 – 20 Dec 2026\)/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Class: CS301 Data Structures 09:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'CS301 Data Structures' });
    expect(within(dialog).getByText('Class')).toBeInTheDocument();
    expect(within(dialog).getByText('7 Dec 2026, 09:00–10:00')).toBeInTheDocument();
    expect(within(dialog).getByText('Room CSE-201 · Dr. Kavitha Rao')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open its page' })).toHaveAttribute('href', '/dashboard/student/timetable');
    // A student changes nothing: no management on the page or in the dialog.
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add entry' })).not.toBeInTheDocument();
  });

  it('draws the month as a grid on a wide screen, and keeps the view and the date in the URL', async () => {
    setMediaMatches((q) => q === '(min-width: 640px)');
    server = await signedInAs(student(), { 'GET /calendar': calendarRoute(ITEMS) });
    const user = userEvent.setup();
    const { router } = renderApp('/calendar?view=month&date=2026-12-07');
    const grid = await screen.findByTestId('month-grid');
    expect(within(grid).getByRole('listitem', { name: 'Fri 25 Dec 2026: 1 item' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('listitem', { name: /: 0 items$/ }).length).toBeGreaterThan(20);

    await user.click(screen.getByRole('tab', { name: 'Week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=week&date=2026-12-07'));
    expect(await screen.findByRole('heading', { name: '7 Dec 2026 – 13 Dec 2026', level: 2 })).toBeInTheDocument();
    const week = await screen.findByRole('list', { name: '7 Dec 2026 – 13 Dec 2026' });
    // The week lists every day, empty ones too.
    expect(within(week).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(within(week).getByText('CS301 Mid-term')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=week&date=2026-12-14'));
    await waitFor(() => expect(server!.calls('GET /calendar').some((r) => r.query.get('from') === '2026-12-14' && r.query.get('to') === '2026-12-20')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Holiday: Christmas' }, { timeout: 100 }).catch(() => null)).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Agenda' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=agenda&date=2026-12-14'));
    const agenda = await screen.findByRole('list', { name: 'Dec 2026' });
    expect(within(agenda).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Mon 7 Dec 2026', 'Wed 9 Dec 2026', 'Thu 10 Dec 2026', 'Fri 25 Dec 2026']);

    await user.click(screen.getByRole('button', { name: 'Today' }));
    const today = collegeToday();
    await waitFor(() => expect(router.state.location.search).toBe(`?view=agenda&date=${today}`));
    expect(startOfWeek(today) <= today).toBe(true);
  });

  it('says so when nothing is on, and when the calendar cannot be loaded', async () => {
    server = await signedInAs(student(), { 'GET /calendar': calendarRoute([]) });
    renderApp('/calendar?view=agenda&date=2026-12-07');
    expect(await screen.findByText('Nothing on the calendar for these dates.')).toBeInTheDocument();
    await server.close();

    server = await signedInAs(student(), { 'GET /calendar': { status: 500, body: { message: MSG.internal, code: 'INTERNAL' } } });
    renderApp('/calendar?view=week&date=2026-12-07');
    expect(await screen.findByText('The calendar could not be loaded.', { selector: '[role=alert]' })).toBeInTheDocument();
  });

  it('shows skeletons while it loads', async () => {
    server = await signedInAs(student(), { 'GET /calendar': (req) => ({ ...calendarRoute(ITEMS)(req), delayMs: 400 }) });
    renderApp('/calendar?view=week&date=2026-12-07');
    expect(await screen.findByRole('status', { name: 'Calendar: loading' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('button', { name: 'Exam: CS301 Mid-term' })).toBeInTheDocument();
  });
});

const AUDIENCES = {
  roles: ['Student'],
  departments: [{ _id: '11111111-1111-4111-8111-111111111111', code: 'CSE', name: 'Computer Science and Engineering' }],
  sections: [{ _id: '22222222-2222-4222-8222-222222222222', name: 'CSE-3A', department: 'CSE' }],
};
const entry = (over: Partial<CalendarEvent>): CalendarEvent => ({
  _id: 'h1',
  kind: 'holiday',
  title: 'Christmas',
  description: null,
  startDate: '2026-12-25',
  endDate: '2026-12-25',
  startTime: null,
  endTime: null,
  scope: 'college',
  departmentId: null,
  departmentName: null,
  sectionId: null,
  sectionName: null,
  createdBy: { _id: 'u1', name: 'Admin' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** An Admin's calendar: the entries answer both GET /calendar (as items) and GET /calendar/events. */
function manageRoutes(entries: CalendarEvent[]) {
  const asItem = (e: CalendarEvent) => item(`event:${e._id}`, e.kind, e.title, e.startDate, { endDate: e.endDate, start: e.startTime, end: e.endTime, eventId: e._id });
  return {
    'GET /calendar': (req: RecordedRequest) => calendarRoute(entries.map(asItem))(req),
    'GET /calendar/events': () => ({ body: { events: entries } }),
    'GET /notices/audiences': { body: AUDIENCES },
    'POST /calendar/events': (req: RecordedRequest) => {
      const body = req.body as CalendarEvent;
      const saved = entry({ ...body, _id: 'n1', endDate: body.endDate ?? body.startDate });
      entries.push(saved);
      return { status: 201, body: { message: MSG.calendarEventCreated, event: saved } };
    },
  };
}

describe('/calendar: managing entries', () => {
  it("adds a holiday for a department: the contract's rules first, then the server, then the toast and the list", async () => {
    const entries: CalendarEvent[] = [];
    server = await signedInAs(makeUser({ roles: ['Admin'] }), manageRoutes(entries));
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-12-07');
    expect(await screen.findByText('No entries for these dates.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the calendar' });
    expect(within(dialog).getByLabelText('First day')).toHaveValue('2026-12-07');
    // Holidays last whole days: no time fields.
    expect(within(dialog).queryByLabelText('Start time (optional)')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Concerns'), 'department');
    await user.type(within(dialog).getByLabelText('Last day (optional)'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(MSG.calendarTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.calendarEndBeforeStart)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.calendarDepartmentRequired)).toBeInTheDocument();
    expect(server.calls('POST /calendar/events')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'Foundation Day');
    await user.clear(within(dialog).getByLabelText('Last day (optional)'));
    await user.selectOptions(within(dialog).getByLabelText('Department'), 'CSE · Computer Science and Engineering');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server!.calls('POST /calendar/events')).toHaveLength(1));
    expect(await screen.findByText(MSG.calendarEventCreated)).toBeInTheDocument();
    expect(server.calls('POST /calendar/events')[0]?.body).toEqual({
      kind: 'holiday',
      title: 'Foundation Day',
      description: null,
      startDate: '2026-12-07',
      endDate: null,
      startTime: null,
      endTime: null,
      scope: 'department',
      departmentId: AUDIENCES.departments[0]!._id,
      sectionId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'Calendar entries' });
    expect(await within(list).findByText('Foundation Day')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Holiday: Foundation Day' })).toBeInTheDocument();
  });

  it("puts the server's field refusal on its field", async () => {
    server = await signedInAs(makeUser({ roles: ['SuperAdmin'] }), {
      ...manageRoutes([]),
      'POST /calendar/events': { status: 400, body: { message: 'Validation failed', code: 'VALIDATION', errors: [{ path: 'startDate', message: MSG.calendarRangeTooLong }] } },
    });
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-12-07');
    await user.click(await screen.findByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the calendar' });
    await user.type(within(dialog).getByLabelText('Title'), 'Winter break');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(MSG.calendarRangeTooLong)).toBeInTheDocument();
  });

  it('edits and deletes an entry from its detail and from the list', async () => {
    const entries = [entry({})];
    server = await signedInAs(makeUser({ roles: ['Admin'] }), {
      ...manageRoutes(entries),
      'PATCH /calendar/events/h1': (req) => {
        Object.assign(entries[0]!, req.body);
        return { body: { message: MSG.calendarEventUpdated, event: entries[0] } };
      },
      'DELETE /calendar/events/h1': () => {
        entries.pop();
        return { body: { message: MSG.calendarEventDeleted } };
      },
    });
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-12-07');
    await user.click(await screen.findByRole('button', { name: 'Holiday: Christmas' }));
    const detail = await screen.findByRole('dialog', { name: 'Christmas' });
    await user.click(await within(detail).findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit calendar entry' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Christmas');
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Christmas Day');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server!.calls('PATCH /calendar/events/h1')).toHaveLength(1));
    expect(await screen.findByText(MSG.calendarEventUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /calendar/events/h1')[0]?.body).toMatchObject({ title: 'Christmas Day', kind: 'holiday', startDate: '2026-12-25' });
    expect(await screen.findByRole('button', { name: 'Holiday: Christmas Day' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Christmas Day' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete calendar entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.calendarEventDeleted)).toBeInTheDocument();
    expect(await screen.findByText('No entries for these dates.')).toBeInTheDocument();
  });

  it('lets Staff add events only (with times), and change no holiday', async () => {
    const entries = [entry({})];
    server = await signedInAs(makeUser({ roles: ['Staff'] }), manageRoutes(entries));
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-12-07');
    const list = await screen.findByRole('list', { name: 'Calendar entries' });
    expect(within(list).getByText('Christmas')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Edit Christmas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import holidays' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the calendar' });
    expect(within(dialog).queryByRole('combobox', { name: 'Kind' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Tech fest');
    await user.type(within(dialog).getByLabelText('Start time (optional)'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(MSG.calendarTimesBoth)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('End time (optional)'), '16:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server!.calls('POST /calendar/events')).toHaveLength(1));
    expect(await screen.findByText(MSG.calendarEventCreated)).toBeInTheDocument();
    expect(server.calls('POST /calendar/events')[0]?.body).toMatchObject({ kind: 'event', title: 'Tech fest', startTime: '10:00', endTime: '16:00', scope: 'college' });
  });

  it('imports holidays through the import pipeline: a preview, then the import', async () => {
    const result = (dryRun: boolean) => ({ dryRun, created: 2, updated: 0, skipped: 0, errors: [], rows: [], columns: ['startDate', 'title'] });
    server = await signedInAs(makeUser({ roles: ['Admin'] }), {
      ...manageRoutes([]),
      'POST /calendar/holidays/import': (req) => ({ body: result(req.query.get('dryRun') === 'true') }),
    });
    const user = userEvent.setup();
    renderApp('/calendar?view=agenda&date=2026-12-07');
    await user.click(await screen.findByRole('button', { name: 'Import holidays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Holidays' });
    const file = new File(['Date,Title\n2027-01-26,Republic Day\n2027-08-15,Independence Day\n'], 'holidays.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText(/file/i), file);
    await waitFor(() => expect(server!.calls('POST /calendar/holidays/import').map((r) => r.query.get('dryRun'))).toEqual(['true']));
    await user.click(await within(dialog).findByRole('button', { name: /^Import/ }));
    await waitFor(() => expect(server!.calls('POST /calendar/holidays/import').map((r) => r.query.get('dryRun'))).toEqual(['true', null]));
  });
});

describe('dashboards: the next holiday and event', () => {
  it("shows the student's next holiday and event, with a link to the calendar", async () => {
    server = await signedInAs(student(), {
      'GET /calendar/upcoming': { body: { nextHoliday: ITEMS[0], nextEvent: item('event:e2', 'event', 'Tech fest', '2027-01-15', { start: '10:00', end: '16:00' }) } },
    });
    renderApp('/dashboard/student');
    const card = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(card).findByText('Christmas')).toBeInTheDocument();
    expect(within(card).getByText('25 Dec 2026, All day')).toBeInTheDocument();
    expect(within(card).getByText('Tech fest')).toBeInTheDocument();
    expect(within(card).getByText('15 Jan 2027, 10:00–16:00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the calendar' })).toHaveAttribute('href', '/calendar');
  });

  it('says when there is none (teacher)', async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'] }));
    renderApp('/dashboard/teacher');
    const card = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(card).findByText('No holiday ahead.')).toBeInTheDocument();
    expect(within(card).getByText('No event ahead.')).toBeInTheDocument();
  });

  it("says when they can't be loaded (teacher)", async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), { 'GET /calendar/upcoming': { status: 500, body: { message: MSG.internal, code: 'INTERNAL' } } });
    renderApp('/dashboard/teacher');
    const card = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(card).findByText('The next holiday and event could not be loaded.')).toBeInTheDocument();
  });
});
