import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Results } from '@crs/shared/schemas/assessment';
import { DEFAULT_GRADE_SCALE } from '@crs/shared/schemas/settings';
import { makeUser, type ApiServer } from '@/test/api-server';
import { makeBook, makeLoan } from '@/test/library';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const student = () => makeUser({ roles: ['Student'], name: 'Aarav Sharma', studentId: 'CSE23001' });
const exam = (id: string, name: string, kind: 'internal' | 'mid-term' | 'assignment', maxMarks: number, weight: number, marks: number | null, absent = false) => ({
  _id: id,
  name,
  kind,
  date: '2026-09-14',
  maxMarks,
  weight,
  marks,
  absent,
});

/** Two subjects of semester 3, one of them partly published; CGPA = (4×9 + 3×0) / 7 = 5.14. */
const results: Results = {
  scale: DEFAULT_GRADE_SCALE,
  subjects: [
    {
      code: 'CS301',
      name: 'Data Structures',
      credits: 4,
      semester: 3,
      percent: 84.5,
      grade: 'A+',
      gradePoint: 9,
      publishedWeight: 100,
      exams: [exam('e1', 'Internal Assessment I', 'internal', 25, 40, 21.5), exam('e2', 'Mid-Semester Examination', 'mid-term', 50, 60, 42)],
    },
    {
      code: 'CS303',
      name: 'Discrete Mathematics',
      credits: 3,
      semester: 3,
      percent: 30,
      grade: 'F',
      gradePoint: 0,
      publishedWeight: 50,
      exams: [exam('e3', 'Internal Assessment I', 'internal', 25, 15, null, true), exam('e4', 'Assignment 1', 'assignment', 10, 10, 7.5)],
    },
  ],
  semesters: [{ semester: 3, sgpa: 5.14 }],
  cgpa: 5.14,
};
const empty: Results = { scale: DEFAULT_GRADE_SCALE, subjects: [], semesters: [], cgpa: null };

describe('/dashboard/student/results', () => {
  it('shows CGPA and SGPA with two decimals, every subject with credits, percent, grade and grade point, and the published marks', async () => {
    server = await signedInAs(student(), { 'GET /results/me': { body: results } });
    renderApp('/dashboard/student/results');
    expect(await screen.findByRole('heading', { name: 'Results', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByTestId('cgpa')).toHaveTextContent('5.14');
    expect(screen.getByText('SGPA · Semester 3').nextElementSibling).toHaveTextContent('5.14');

    const table = screen.getByRole('table', { name: 'Results by subject' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Semester', 'Code', 'Subject', 'Credits', 'Percent', 'Grade', 'Grade point']);
    expect(within(table).getByRole('row', { name: '3 CS301 Data Structures 4 84.50% A+ 9' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '3 CS303 Discrete Mathematics 3 30.00% F 0' })).toBeInTheDocument();

    const ds = screen.getByRole('table', { name: 'CS301 exam marks' });
    expect(within(ds).getByRole('row', { name: /Internal Assessment I .*21\.5 \/ 25/ })).toBeInTheDocument();
    expect(within(ds).getByRole('row', { name: /Mid-Semester Examination .*42 \/ 50/ })).toBeInTheDocument();
    const dm = screen.getByRole('table', { name: 'CS303 exam marks' });
    expect(within(dm).getByRole('row', { name: /Internal Assessment I .*Absent/ })).toBeInTheDocument();
    expect(within(dm).getByRole('row', { name: /Assignment 1 .*7\.5 \/ 10/ })).toBeInTheDocument();
    // A partly published subject is marked provisional; a complete one is not.
    expect(screen.getAllByText('Provisional: 50% of the assessment is published')).toHaveLength(1);
  });

  it('says so when nothing is published yet', async () => {
    server = await signedInAs(student(), { 'GET /results/me': { body: empty } });
    renderApp('/dashboard/student/results');
    expect(await screen.findByText('No results published yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is in the Student sidebar', async () => {
    server = await signedInAs(student(), { 'GET /results/me': { body: empty } });
    renderApp('/dashboard/student/results');
    const nav = await screen.findByRole('navigation', {}, { timeout: 10_000 });
    expect(within(nav).getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/dashboard/student/results');
  });
});

describe('Student dashboard: CGPA and upcoming deadlines', () => {
  it('shows the live CGPA and the upcoming exams and library due dates, soonest first', async () => {
    const me = student();
    const member = { _id: me._id as string, name: 'Aarav Sharma', email: me.email as string };
    const overdue = makeLoan(makeBook({ title: 'Operating System Concepts' }), member, { dueInDays: -2 });
    const later = makeLoan(makeBook({ title: 'Introduction to Algorithms' }), member, { dueInDays: 20 });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    server = await signedInAs(me, {
      'GET /results/me': { body: results },
      'GET /assesment/exams/upcoming': {
        body: {
          exams: [
            { _id: 'x1', name: 'End-Semester Examination', kind: 'end-term', date: day(12), subjectCode: 'CS301', subjectName: 'Data Structures', maxMarks: 100 },
            { _id: 'x2', name: 'Internal Assessment II', kind: 'internal', date: day(3), subjectCode: 'CS303', subjectName: 'Discrete Mathematics', maxMarks: 25 },
          ],
        },
      },
      'GET /library/loans': (req) => ({ body: req.query.get('status') === 'unreturned' ? { loans: [later, overdue], total: 2 } : { loans: [], total: 0 } }),
    });
    renderApp('/dashboard/student');
    expect(await screen.findByText('CGPA', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('5.14')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Over 2 subjects · view results' })).toHaveAttribute('href', '/dashboard/student/results');

    const list = await screen.findByRole('list', { name: 'Upcoming Deadlines' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Return “Operating System Concepts”',
      'CS303 · Internal Assessment II',
      'CS301 · End-Semester Examination',
      'Return “Introduction to Algorithms”',
    ]);
    expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Exam')).toBeInTheDocument();
  });

  it("shows '—' with a note before anything is published, and says when nothing is due", async () => {
    server = await signedInAs(student(), {
      'GET /results/me': { body: empty },
      'GET /assesment/exams/upcoming': { body: { exams: [] } },
      'GET /library/loans': { body: { loans: [], total: 0 } },
      'GET /placement/jobs': { body: { jobs: [] } },
    });
    renderApp('/dashboard/student');
    expect(await screen.findByRole('link', { name: 'No results published yet' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('CGPA').nextElementSibling).toHaveTextContent('—');
    expect(await screen.findByText('No upcoming exams, library due dates or placement deadlines.')).toBeInTheDocument();
  });
});
