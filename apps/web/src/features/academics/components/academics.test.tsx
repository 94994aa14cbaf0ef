import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const A1 = '30000000-0000-4000-8000-000000000001';
const A2 = '30000000-0000-4000-8000-000000000002';
const teacher = () => makeUser({ roles: ['Teacher'], name: 'Dr. Kavitha Rao' });
const student = () => makeUser({ roles: ['Student'], name: 'Arjun Menon', studentId: 'STU001001' });
const failed = { status: 500, body: { message: MSG.internal, code: 'INTERNAL' } };

describe('Assigned Subjects (teacher)', () => {
  it('lists Subject Name, Code and Section from GET /teachers/my-subjects', async () => {
    server = await signedInAs(teacher(), {
      'GET /teachers/my-subjects': {
        body: {
          subjects: [
            { name: 'Data Structures', code: 'CS301', section: 'CSE-3A', assignmentId: A1, subjectId: 's1', sectionId: 'x1', semester: 3, credits: 4, students: 60 },
            { name: 'Operating Systems', code: 'CS302', section: 'CSE-3B', assignmentId: A2, subjectId: 's2', sectionId: 'x2', semester: 3, credits: 4, students: 58 },
          ],
        },
      },
    });
    renderApp('/dashboard/teacher/subjects');
    const table = await screen.findByRole('table', { name: 'Assigned Subjects' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Subject Name', 'Code', 'Section']);
    expect(within(table).getByRole('row', { name: 'Operating Systems CS302 CSE-3B' })).toBeInTheDocument();
  });

  it("toasts 'Failed to load subjects' when the call fails", async () => {
    server = await signedInAs(teacher(), { 'GET /teachers/my-subjects': failed });
    renderApp('/dashboard/teacher/subjects');
    expect(await screen.findByText('Failed to load subjects', { selector: '[data-title], li *' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('Teacher dashboard', () => {
  /** GET /attendance/today's frame on 24 Nov 2026 at `now`. */
  const dayAt = (now: string) => ({ date: '2026-11-24', today: '2026-11-24', now, editable: true, correctionDays: 7 });
  const dayClass = (start: string, end: string, timing: string) => ({
    assignmentId: A1,
    label: 'CS301 · CSE-3A',
    subjectCode: 'CS301',
    subjectName: 'Data Structures',
    section: 'CSE-3A',
    start,
    end,
    room: 'CSE-201',
    sessionId: null,
    extra: false,
    holiday: null as string | null,
    timing,
  });
  it("shows the Attendance Overview (figures and the average) and Today's Classes from the server", async () => {
    server = await signedInAs(teacher(), {
      'GET /attendance/summary': {
        body: {
          byClass: [
            { class: 'CS301 · CSE-3A', att: 82.5, attended: 33, marked: 40, assignmentId: A1, subjectCode: 'CS301', section: 'CSE-3A', sessions: 2 },
            { class: 'CS302 · CSE-3B', att: 70, attended: 28, marked: 40, assignmentId: A2, subjectCode: 'CS302', section: 'CSE-3B', sessions: 2 },
          ],
          averageAttendance: 76.3,
          threshold: 75,
        },
      },
      'GET /attendance/today': {
        body: {
          ...dayAt('11:30'),
          classes: [
            { ...dayClass('09:00', '10:00', 'done'), sessionId: 'sess-1' },
            { ...dayClass('10:00', '11:00', 'done'), assignmentId: A2, label: 'CS302 · CSE-3B', subjectCode: 'CS302', subjectName: 'Operating Systems', section: 'CSE-3B' },
            dayClass('11:15', '12:15', 'now'),
            dayClass('14:00', '15:00', 'next'),
            { ...dayClass('16:00', '17:00', 'later'), extra: true, room: '' },
          ],
        },
      },
    });
    renderApp('/dashboard/teacher');
    const overview = await screen.findByRole('region', { name: 'Attendance Overview' }, { timeout: 10_000 });
    const figures = await within(overview).findByRole('table', { name: 'Attendance Overview' });
    expect(within(figures).getByRole('row', { name: 'CS301 · CSE-3A 82.5%' })).toBeInTheDocument();
    expect(within(figures).getByRole('row', { name: 'CS302 · CSE-3B 70.0%' })).toBeInTheDocument();
    expect(within(overview).getByText('Average attendance: 76.3%')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: "Today's Classes" });
    // The whole day, ended classes too: taken or not, with the link to take it; now and next marked.
    expect(await within(today).findAllByRole('listitem')).toHaveLength(5);
    const held = within(today).getByTestId('today-CS301-09:00');
    expect(held).toHaveTextContent('09:00 - 10:00');
    expect(held).toHaveTextContent('CSE-201');
    expect(held).toHaveTextContent('Done');
    expect(held).toHaveTextContent('Attendance taken');
    expect(within(held).getByRole('link', { name: 'Open attendance CS301 · CSE-3A 09:00' })).toHaveAttribute('href', `/dashboard/teacher/attendance?date=2026-11-24&class=${A1}%4009%3A00`);
    const missed = within(today).getByTestId('today-CS302-10:00');
    expect(missed).toHaveTextContent('Attendance not taken');
    expect(within(missed).getByRole('link', { name: 'Take attendance CS302 · CSE-3B 10:00' })).toHaveAttribute('href', `/dashboard/teacher/attendance?date=2026-11-24&class=${A2}%4010%3A00`);
    const running = within(today).getByTestId('today-CS301-11:15');
    expect(running).toHaveAttribute('aria-current', 'time');
    expect(running).toHaveTextContent('Now');
    expect(within(today).getByTestId('today-CS301-14:00')).toHaveTextContent('Next');
    expect(within(today).getByTestId('today-CS301-14:00')).not.toHaveTextContent('Attendance not taken');
    expect(within(today).getByTestId('today-CS301-16:00')).toHaveTextContent('Extra class');
    expect(screen.getAllByRole('region', { name: "Today's Classes" })).toHaveLength(1);
  });

  it("says 'No upcoming classes' when the day has none", async () => {
    server = await signedInAs(teacher(), {
      'GET /attendance/summary': { body: { byClass: [], averageAttendance: 0, threshold: 75 } },
      'GET /attendance/today': { body: { date: '2026-11-24', today: '2026-11-24', now: '08:00', editable: true, correctionDays: 7, classes: [] } },
    });
    renderApp('/dashboard/teacher');
    expect(await screen.findByText('No upcoming classes', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("shows a class on its section's holiday as not held: the holiday, no attendance to take", async () => {
    server = await signedInAs(teacher(), {
      'GET /attendance/summary': { body: { byClass: [], averageAttendance: 0, threshold: 75 } },
      'GET /attendance/today': {
        body: {
          ...dayAt('11:30'),
          classes: [
            { ...dayClass('09:00', '10:00', 'done'), holiday: 'Guru Nanak Jayanti' },
            { ...dayClass('14:00', '15:00', 'next'), assignmentId: A2, label: 'CS302 · CSE-3B', subjectCode: 'CS302', subjectName: 'Operating Systems', section: 'CSE-3B' },
          ],
        },
      },
    });
    renderApp('/dashboard/teacher');
    const today = await screen.findByRole('region', { name: "Today's Classes" }, { timeout: 10_000 });
    const off = await within(today).findByTestId('today-CS301-09:00');
    expect(off).toHaveTextContent(MSG.classOnHoliday('Guru Nanak Jayanti'));
    expect(off).not.toHaveTextContent('Attendance not taken');
    expect(off).not.toHaveTextContent('Done');
    expect(within(off).queryByRole('link')).toBeNull();
    const next = within(today).getByTestId('today-CS302-14:00');
    expect(next).toHaveTextContent('Next');
    expect(within(next).getByRole('link', { name: 'Take attendance CS302 · CSE-3B 14:00' })).toBeInTheDocument();
  });

  it('toasts the spec texts when the summary and the classes fail to load', async () => {
    server = await signedInAs(teacher(), { 'GET /attendance/summary': failed, 'GET /attendance/today': failed });
    renderApp('/dashboard/teacher');
    expect(await screen.findByText('Failed to load attendance data', { selector: '[data-title], li *' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load upcoming classes', { selector: '[data-title], li *' })).toBeInTheDocument();
  });
});

const roster = [
  { studentId: 'u1', name: 'Aditi Sharma', rollNumber: 'STU001001', status: null, markedBy: null, markedAt: null, att: 90, attended: 9, marked: 10, belowThreshold: false },
  { studentId: 'u2', name: 'Rahul Verma', rollNumber: 'STU001002', status: null, markedBy: null, markedAt: null, att: 60, attended: 6, marked: 10, belowThreshold: true },
  { studentId: 'u3', name: 'Sneha Iyer', rollNumber: 'STU001003', status: null, markedBy: null, markedAt: null, att: 0, attended: 0, marked: 0, belowThreshold: false },
];
function sessionAnswer(students: typeof roster, saved: boolean) {
  return {
    assignmentId: A1,
    label: 'CS301 · CSE-3A',
    subjectCode: 'CS301',
    subjectName: 'Data Structures',
    section: 'CSE-3A',
    date: '2026-11-23',
    start: '09:00',
    starts: ['09:00'],
    session: saved ? { _id: 'sess1', savedAt: '2026-11-23T04:00:00.000Z', savedBy: 'Dr. Kavitha Rao' } : null,
    editable: true,
    threshold: 75,
    correctionDays: 7,
    students,
  };
}

describe('Attendance taking', () => {
  it('picks a class, marks all present, marks one absent, saves with PUT and shows each percentage', async () => {
    const puts: RecordedRequest[] = [];
    server = await signedInAs(teacher(), {
      'GET /attendance/classes': {
        body: {
          date: '2026-11-23',
          today: '2026-11-23',
          editable: true,
          correctionDays: 7,
          classes: [{ assignmentId: A1, label: 'CS301 · CSE-3A', subjectCode: 'CS301', subjectName: 'Data Structures', section: 'CSE-3A', start: '09:00', end: '10:00', room: 'CSE-201', sessionId: null }],
        },
      },
      'GET /attendance/sessions': (req) => {
        expect(Object.fromEntries(req.query)).toEqual({ assignmentId: A1, date: '2026-11-23', start: '09:00' });
        return { body: sessionAnswer(roster, false) };
      },
      'PUT /attendance/sessions': (req) => {
        puts.push(req);
        const records = (req.body as { records: { studentId: string; status: string }[] }).records;
        const students = roster.map((s) => ({ ...s, status: records.find((r) => r.studentId === s.studentId)?.status ?? null }));
        return { body: { ...sessionAnswer(students as typeof roster, true), message: MSG.attendanceSaved, created: puts.length === 1 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/attendance');
    await user.click(await screen.findByRole('radio', { name: /CS301 · CSE-3A/ }, { timeout: 10_000 }));
    const register = await screen.findByRole('region', { name: /CS301 · CSE-3A · 23 Nov 2026, 09:00/ });
    expect(within(register).getByText('Not saved yet.', { exact: false })).toBeInTheDocument();
    // The roll number and the percentage per student; under the threshold is flagged in words.
    const rahul = within(register).getByTestId('roster-STU001002');
    expect(rahul).toHaveTextContent('60.0% (6 of 10)');
    expect(rahul).toHaveTextContent('Below 75%');
    expect(within(register).getByTestId('roster-STU001001')).not.toHaveTextContent('Below 75%');

    await user.click(within(register).getByRole('button', { name: 'Save attendance' }));
    expect(within(register).getByRole('alert')).toHaveTextContent(MSG.attendanceNoRecords);
    expect(puts).toHaveLength(0);

    await user.click(within(register).getByRole('button', { name: 'Mark all present' }));
    expect(within(register).getByText('Present 3 · Absent 0 · Late 0 · Excused 0 · Not marked 0')).toBeInTheDocument();
    await user.click(within(register).getByRole('radio', { name: 'Absent: Rahul Verma' }));
    await user.click(within(register).getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText(MSG.attendanceSaved)).toBeInTheDocument();
    expect(puts[0]!.body).toEqual({
      assignmentId: A1,
      date: '2026-11-23',
      start: '09:00',
      records: [
        { studentId: 'u1', status: 'present' },
        { studentId: 'u2', status: 'absent' },
        { studentId: 'u3', status: 'present' },
      ],
    });
    // In the college's style and zone (04:00 UTC is 09:30 in Asia/Kolkata), not the browser's locale.
    await waitFor(() => expect(screen.getByRole('region', { name: /CS301 · CSE-3A/ })).toHaveTextContent('Saved 23 Nov 2026, 09:30 by Dr. Kavitha Rao.'));
    expect(screen.getByRole('radio', { name: 'Absent: Rahul Verma' })).toBeChecked();
  }, 30_000);

  it("lists a class on its section's holiday as not held: it cannot be picked, an extra class still can", async () => {
    server = await signedInAs(teacher(), {
      'GET /attendance/classes': {
        body: {
          date: '2026-11-24',
          today: '2026-11-24',
          now: '18:00',
          editable: true,
          correctionDays: 7,
          classes: [{ assignmentId: A1, label: 'CS301 · CSE-3A', subjectCode: 'CS301', subjectName: 'Data Structures', section: 'CSE-3A', start: '09:00', end: '10:00', room: 'CSE-201', sessionId: null, extra: false, holiday: 'Guru Nanak Jayanti', timing: 'done' }],
        },
      },
      'GET /teachers/my-subjects': {
        body: { subjects: [{ name: 'Data Structures', code: 'CS301', section: 'CSE-3A', assignmentId: A1, subjectId: 's1', sectionId: 'x1', semester: 3, credits: 4, students: 3 }] },
      },
    });
    // Even a link naming the class does not open its register.
    renderApp(`/dashboard/teacher/attendance?date=2026-11-24&class=${A1}%4009%3A00`);
    const radio = await screen.findByRole('radio', { name: /CS301 · CSE-3A/ }, { timeout: 10_000 });
    expect(radio).toBeDisabled();
    expect(radio).not.toBeChecked();
    expect(screen.getByText(MSG.classOnHoliday('Guru Nanak Jayanti'))).toBeInTheDocument();
    expect(screen.getByText(MSG.classOnHolidayHint)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /CS301 · CSE-3A · 24 Nov 2026/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Extra class' })).toBeInTheDocument();
  });

  it("declares an 'Extra class' (class, start, end) off the timetable and saves it as one", async () => {
    const puts: RecordedRequest[] = [];
    server = await signedInAs(teacher(), {
      'GET /attendance/classes': { body: { date: '2026-11-23', today: '2026-11-23', now: '18:00', editable: true, correctionDays: 7, classes: [] } },
      'GET /teachers/my-subjects': {
        body: { subjects: [{ name: 'Data Structures', code: 'CS301', section: 'CSE-3A', assignmentId: A1, subjectId: 's1', sectionId: 'x1', semester: 3, credits: 4, students: 3 }] },
      },
      'GET /attendance/sessions': (req) => {
        expect(Object.fromEntries(req.query)).toEqual({ assignmentId: A1, date: '2026-11-23', start: '16:00' });
        return { body: { ...sessionAnswer(roster, false), start: '16:00', end: null, starts: [], extra: false } };
      },
      'PUT /attendance/sessions': (req) => {
        puts.push(req);
        return { body: { ...sessionAnswer(roster, true), start: '16:00', end: '17:30', extra: true, message: MSG.attendanceSaved, created: true } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/attendance?date=2026-11-23');
    expect(await screen.findByText('You have no classes on this date.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Extra class' }));
    const form = screen.getByRole('form', { name: 'Extra class' });
    await within(form).findByRole('option', { name: /CS301 · CSE-3A/ });
    await user.selectOptions(within(form).getByLabelText('Class'), A1);
    await user.type(within(form).getByLabelText('Start'), '16:00');
    await user.type(within(form).getByLabelText('End'), '15:00');
    await user.click(within(form).getByRole('button', { name: 'Open register' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(MSG.attendanceExtraEnd);
    await user.clear(within(form).getByLabelText('End'));
    await user.type(within(form).getByLabelText('End'), '17:30');
    await user.click(within(form).getByRole('button', { name: 'Open register' }));
    const register = await screen.findByRole('region', { name: 'CS301 · CSE-3A · 23 Nov 2026, 16:00 · Extra class' });
    await user.click(within(register).getByRole('button', { name: 'Mark all present' }));
    await user.click(within(register).getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toMatchObject({ assignmentId: A1, date: '2026-11-23', start: '16:00', extra: true, end: '17:30' });
    // The register shows the saved session (a fresh editor once saved).
    await waitFor(() => expect(screen.getByRole('region', { name: 'CS301 · CSE-3A · 23 Nov 2026, 16:00 · Extra class' })).toHaveTextContent('Saved'));
  }, 30_000);
});

describe('Student screens', () => {
  const me = {
    studentId: 'me',
    name: 'Arjun Menon',
    rollNumber: 'STU001001',
    overall: { att: 71.4, attended: 25, marked: 35, belowThreshold: true },
    bySubject: [
      { assignmentId: A1, subjectCode: 'CS301', subjectName: 'Data Structures', section: 'CSE-3A', teacher: 'Dr. Kavitha Rao', credits: 4, att: 80, attended: 16, marked: 20, belowThreshold: false },
      { assignmentId: A2, subjectCode: 'MA301', subjectName: 'Discrete Mathematics', section: 'CSE-3A', teacher: 'Prof. S. Iyer', credits: 3, att: 60, attended: 9, marked: 15, belowThreshold: true },
    ],
    threshold: 75,
  };

  it('the dashboard card shows the real percentage and warns under the threshold; View Timetable opens the week', async () => {
    const slot = (weekday: number, start: string, end: string) => ({
      _id: `slot-${weekday}-${start}`,
      assignmentId: A1,
      weekday,
      start,
      end,
      room: 'CSE-201',
      subjectCode: 'CS301',
      subjectName: 'Data Structures',
      section: 'CSE-3A',
      sectionId: 'x1',
      teacherId: 't1',
      teacher: 'Dr. Kavitha Rao',
      label: 'CS301 · CSE-3A',
    });
    server = await signedInAs(student(), {
      'GET /attendance/me': { body: me },
      'GET /academics/timetable/me': { body: { today: 2, date: '2026-11-24', slots: [slot(1, '09:00', '10:00'), slot(2, '11:00', '12:00'), slot(2, '09:00', '10:00')] } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/student');
    expect(await screen.findByText('71.4%', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MSG.attendanceBelowThreshold(75));
    await user.click(screen.getByRole('link', { name: 'View Timetable' }));
    const tuesday = await screen.findByRole('region', { name: /Tuesday/ }, { timeout: 10_000 });
    expect(within(tuesday).getByText('Today')).toBeInTheDocument();
    expect(within(tuesday).getAllByRole('listitem').map((li) => li.textContent?.slice(0, 11))).toEqual(['09:00–10:00', '11:00–12:00']);
    expect(within(screen.getByRole('region', { name: 'Wednesday' })).getByText('No classes')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Sunday/ })).not.toBeInTheDocument();
  });

  it('My Courses lists subject, teacher, credits and the attendance in each', async () => {
    server = await signedInAs(student(), {
      'GET /attendance/me': { body: me },
      'GET /academics/courses/me': {
        body: {
          courses: [
            { assignmentId: A1, subjectId: 's1', code: 'CS301', name: 'Data Structures', credits: 4, semester: 3, section: 'CSE-3A', teacher: 'Dr. Kavitha Rao' },
            { assignmentId: A2, subjectId: 's2', code: 'MA301', name: 'Discrete Mathematics', credits: 3, semester: 3, section: 'CSE-3A', teacher: 'Prof. S. Iyer' },
          ],
        },
      },
    });
    renderApp('/dashboard/student/courses');
    const table = await screen.findByRole('table', { name: 'My Courses' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Subject', 'Teacher', 'Credits', 'Attendance']);
    expect(within(table).getByTestId('course-CS301')).toHaveTextContent('CS301Data StructuresDr. Kavitha Rao480.0%(16 of 20)');
    expect(within(table).getByTestId('course-MA301')).toHaveTextContent('Below 75%');
  });

  it('Attendance by subject opens a subject to its classes with date, time and status, the absent days marked', async () => {
    server = await signedInAs(student(), {
      'GET /attendance/me': { body: me },
      'GET /academics/courses/me': { body: { courses: [] } },
      [`GET /attendance/me/subjects/${A2}`]: {
        body: {
          ...me.bySubject[1],
          threshold: 75,
          sessions: [
            { sessionId: 's3', date: '2026-11-23', start: '16:00', end: '17:00', extra: true, status: 'present' },
            { sessionId: 's2', date: '2026-11-20', start: '09:00', end: '10:00', extra: false, status: 'absent' },
            { sessionId: 's1', date: '2026-11-18', start: '09:00', end: '10:00', extra: false, status: null },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/student/courses');
    const card = await screen.findByRole('region', { name: 'Attendance by subject' }, { timeout: 10_000 });
    const subject = await within(card).findByRole('button', { name: /MA301/ });
    expect(subject).toHaveAttribute('aria-expanded', 'false');
    expect(subject).toHaveTextContent('60.0%(9 of 15)Below 75%');
    await user.click(subject);
    expect(subject).toHaveAttribute('aria-expanded', 'true');
    const table = await within(card).findByRole('table', { name: 'Classes of MA301 Discrete Mathematics' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DateTimeStatus',
      '23 Nov 202616:00–17:00(Extra class)Present',
      '20 Nov 202609:00–10:00Absent',
      '18 Nov 202609:00–10:00Not marked',
    ]);
    expect(within(card).getByText('3 classes held, 1 marked absent.')).toBeInTheDocument();
    // Only the opened subject was asked for; closing hides it.
    expect(server.calls(`GET /attendance/me/subjects/${A1}`)).toHaveLength(0);
    await user.click(subject);
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Academic setup (Admin)', () => {
  const dept = { _id: '40000000-0000-4000-8000-000000000001', code: 'CSE', name: 'Computer Science and Engineering', subjects: 0, sections: 0 };

  it('creates a subject through the form with the shared schema', async () => {
    const subjects: unknown[] = [];
    server = await signedInAs(makeUser({ roles: ['Admin'], name: 'Ada Admin' }), {
      'GET /academics/departments': { body: { departments: [dept], total: 1 } },
      'GET /academics/subjects': () => ({ body: { subjects, total: subjects.length } }),
      'POST /academics/subjects': (req) => {
        const s = { _id: 's-new', ...(req.body as object), department: 'CSE' };
        subjects.push(s);
        return { status: 201, body: { message: MSG.subjectCreated, subject: s } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/admin/academics');
    await user.click(await screen.findByRole('tab', { name: 'Subjects' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Add subject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add subject' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MSG.subjectCodeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.semesterRange)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code'), 'cs399');
    await user.type(within(dialog).getByLabelText('Name'), 'Compiler Design');
    await user.selectOptions(within(dialog).getByLabelText('Department'), dept._id);
    await user.type(within(dialog).getByLabelText('Semester'), '5');
    await user.type(within(dialog).getByLabelText('Credits'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MSG.subjectCreated)).toBeInTheDocument();
    expect(server.calls('POST /academics/subjects')[0]!.body).toEqual({ code: 'CS399', name: 'Compiler Design', departmentId: dept._id, semester: 5, credits: 4 });
    expect(await screen.findByRole('cell', { name: 'Compiler Design' })).toBeInTheDocument();
  }, 30_000);

  it("shows the server's 409 double-booking refusal on the timetable form", async () => {
    const assignment = {
      _id: A1,
      teacherId: 't1',
      teacher: { _id: 't1', name: 'Dr. Kavitha Rao', email: 'teacher@demo.crs' },
      subjectId: 's1',
      subjectCode: 'CS301',
      subjectName: 'Data Structures',
      credits: 4,
      sectionId: 'x1',
      section: 'CSE-3A',
      academicYear: '2026-27',
      label: 'CS301 · CSE-3A',
    };
    server = await signedInAs(makeUser({ roles: ['SuperAdmin'], name: 'Root' }), {
      'GET /academics/departments': { body: { departments: [dept], total: 1 } },
      'GET /academics/timetable': { body: { slots: [], total: 0 } },
      'GET /academics/assignments': { body: { assignments: [assignment], total: 1 } },
      'POST /academics/timetable': { status: 409, body: { message: MSG.teacherDoubleBooked, code: 'TEACHER_DOUBLE_BOOKED' } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/admin/academics');
    await user.click(await screen.findByRole('tab', { name: 'Timetable' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Add slot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add slot' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /CS301 · CSE-3A — Dr. Kavitha Rao/ })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText('Class'), A1);
    await user.selectOptions(within(dialog).getByLabelText('Day'), '1');
    await user.type(within(dialog).getByLabelText('Room'), 'CSE-201');
    await user.type(within(dialog).getByLabelText('Start'), '09:00');
    await user.type(within(dialog).getByLabelText('End'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MSG.teacherDoubleBooked)).toBeInTheDocument();
    expect(server.calls('POST /academics/timetable')[0]!.body).toEqual({ assignmentId: A1, weekday: 1, start: '09:00', end: '10:00', room: 'CSE-201' });
  }, 30_000);
});
