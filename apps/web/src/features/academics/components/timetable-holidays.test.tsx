import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarItem } from '@crs/shared/schemas/calendar';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const slot = (weekday: number, start: string) => ({
  _id: `slot-${weekday}-${start}`,
  assignmentId: 'a1',
  weekday,
  start,
  end: '10:00',
  room: 'CSE-201',
  subjectCode: 'CS301',
  subjectName: 'Data Structures',
  section: 'CSE-3A',
  sectionId: 'x1',
  teacherId: 't1',
  teacher: 'Dr. Kavitha Rao',
  label: 'CS301 · CSE-3A',
});
const holiday: CalendarItem = { id: 'event:h1', type: 'holiday', title: 'Guru Nanak Jayanti', date: '2026-12-03', endDate: '2026-12-03', start: null, end: null, detail: null, link: null, eventId: 'h1' };

describe('the weekly timetable and the calendar (issue 27)', () => {
  it("asks the calendar for the week's Monday to Sunday and shows a holiday instead of that day's classes", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      // Wednesday 2 Dec 2026: the week runs from Monday 30 Nov to Sunday 6 Dec.
      'GET /academics/timetable/me': { body: { today: 3, date: '2026-12-02', slots: [slot(3, '09:00'), slot(4, '09:00'), slot(5, '09:00')] } },
      'GET /calendar': (req) => ({ body: { from: req.query.get('from'), to: req.query.get('to'), terms: [], items: [holiday, { ...holiday, id: 'class:x', type: 'class', title: 'CS301', date: '2026-12-04', endDate: '2026-12-04' }] } }),
    });
    renderApp('/dashboard/student/timetable');
    const thursday = await screen.findByRole('region', { name: /Thursday/ }, { timeout: 10_000 });
    await waitFor(() => expect(within(thursday).getByText('Guru Nanak Jayanti: no classes')).toBeInTheDocument());
    expect(thursday).toHaveAccessibleName(/^Thursday ?Holiday$/);
    expect(within(thursday).queryByText('Data Structures')).not.toBeInTheDocument();
    expect(within(thursday).getByText('3 Dec 2026')).toBeInTheDocument();
    // The other days keep their classes (a class item is not a holiday).
    expect(within(screen.getByRole('region', { name: /Friday/ })).getByText('Data Structures')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Wednesday/ })).getByText('Data Structures')).toBeInTheDocument();
    const ask = server.calls('GET /calendar')[0]!;
    expect([ask.query.get('from'), ask.query.get('to')]).toEqual(['2026-11-30', '2026-12-06']);
  });

  it('shows the classes when the calendar cannot be read', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /academics/timetable/me': { body: { today: 3, date: '2026-12-02', slots: [slot(4, '09:00')] } },
      'GET /calendar': { status: 500, body: { message: 'boom', code: 'INTERNAL' } },
    });
    renderApp('/dashboard/student/timetable');
    const thursday = await screen.findByRole('region', { name: /Thursday/ }, { timeout: 10_000 });
    await waitFor(() => expect(server!.calls('GET /calendar')).toHaveLength(1));
    expect(within(thursday).getByText('Data Structures')).toBeInTheDocument();
    expect(within(thursday).queryByText(/no classes/)).not.toBeInTheDocument();
  });
});
