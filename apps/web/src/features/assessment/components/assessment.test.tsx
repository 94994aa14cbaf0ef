import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Exam, MarksGrid } from '@crs/shared/schemas/assessment';
import type { ImportResult } from '@crs/shared/schemas/import';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SUBJECT = '40000000-0000-4000-8000-000000000001';
const SECTION = '50000000-0000-4000-8000-000000000001';
const E1 = '60000000-0000-4000-8000-000000000001';
const E2 = '60000000-0000-4000-8000-000000000002';
const teacher = () => makeUser({ roles: ['Teacher'], name: 'Dr. Kavitha Rao' });
const failed = { status: 500, body: { message: MSG.internal, code: 'INTERNAL' } };
const toastText = (text: string) => screen.findByText(text, { selector: '[data-title], li *' }, { timeout: 10_000 });

function makeExam(overrides: Partial<Exam> = {}): Exam {
  return {
    _id: E1,
    name: 'Mid-term 1',
    kind: 'mid-term',
    maxMarks: 50,
    weight: 30,
    date: '2026-11-20',
    subjectId: SUBJECT,
    subjectCode: 'CS301',
    subjectName: 'Data Structures',
    sectionId: SECTION,
    section: 'CSE-3A',
    label: 'CS301 · CSE-3A',
    published: false,
    publishedAt: null,
    marked: 0,
    rosterSize: 3,
    ...overrides,
  };
}
const mySubjects = {
  body: {
    subjects: [{ name: 'Data Structures', code: 'CS301', section: 'CSE-3A', assignmentId: 'a1', subjectId: SUBJECT, sectionId: SECTION, semester: 3, credits: 4, students: 3 }],
  },
};

describe('Enter Exam Details', () => {
  it('lists the exams with class, kind, maximum, weight, date, status and a link to the marks grid', async () => {
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': { body: { exams: [makeExam({ marked: 3, published: true, publishedAt: '2026-11-21T05:00:00.000Z' }), makeExam({ _id: E2, name: 'Quiz 2', kind: 'internal', maxMarks: 10, weight: 10 })] } },
    });
    renderApp('/dashboard/teacher/exams');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter Exam Details' }, { timeout: 10_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Exams' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Class', 'Kind', 'Max marks', 'Weight (%)', 'Date', 'Marked', 'Status', 'Actions']);
    const mid = within(table).getByTestId(`exam-${E1}`);
    expect(mid).toHaveTextContent('Mid-term 1');
    expect(mid).toHaveTextContent('Data Structures');
    expect(mid).toHaveTextContent('Mid-term');
    expect(mid).toHaveTextContent('3 / 3');
    expect(mid).toHaveTextContent('Published');
    expect(within(table).getByTestId(`exam-${E2}`)).toHaveTextContent('Draft');
    expect(within(mid).getByRole('link', { name: 'Enter marks: Mid-term 1, CS301 · CSE-3A' })).toHaveAttribute('href', `/dashboard/teacher/exams/${E1}/marks`);
  });

  it("toasts 'Failed to load exams' when the list fails", async () => {
    server = await signedInAs(teacher(), { 'GET /assesment/exams': failed });
    renderApp('/dashboard/teacher/exams');
    expect(await toastText('Failed to load exams')).toBeInTheDocument();
  });

  it('creates an exam for one of the teacher’s classes, validating on the shared schema first', async () => {
    const exams: Exam[] = [];
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': () => ({ body: { exams } }),
      'GET /teachers/my-subjects': mySubjects,
      'POST /assesment/exams': (req) => {
        const exam = makeExam({ ...(req.body as Partial<Exam>) });
        exams.push(exam);
        return { status: 201, body: { message: MSG.examCreated, exam } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/exams');
    expect(await screen.findByText('No exams yet. Create one for a class you teach.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'New exam' });
    const maxMarks = within(dialog).getByLabelText('Max marks');
    await user.clear(maxMarks);
    await user.type(maxMarks, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MSG.examNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.examClassRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.examMaxMarks)).toBeInTheDocument();
    expect(server.calls('POST /assesment/exams')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Internal Test 1');
    await user.selectOptions(within(dialog).getByLabelText('Class'), 'CS301 · CSE-3A — Data Structures');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Internal');
    await user.clear(maxMarks);
    await user.type(maxMarks, '25');
    const weight = within(dialog).getByLabelText('Weight (%)');
    await user.clear(weight);
    await user.type(weight, '12.5');
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await toastText(MSG.examCreated)).toBeInTheDocument();
    expect(server.calls('POST /assesment/exams').map((r) => r.body)).toEqual([
      { name: 'Internal Test 1', kind: 'internal', maxMarks: 25, weight: 12.5, date: '2026-12-01', subjectId: SUBJECT, sectionId: SECTION },
    ]);
    expect(await screen.findByTestId(`exam-${E1}`)).toHaveTextContent('Internal Test 1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits an exam (its class fixed) and shows a refused maximum on its field', async () => {
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': { body: { exams: [makeExam({ marked: 2 })] } },
      'PATCH /assesment/exams/60000000-0000-4000-8000-000000000001': (req) =>
        (req.body as { maxMarks: number }).maxMarks < 40
          ? { status: 409, body: { message: MSG.examMaxBelowMarks(42), code: 'MARKS_ABOVE_MAX' } }
          : { body: { message: MSG.examUpdated, exam: makeExam(req.body as Partial<Exam>) } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/exams');
    await user.click(await screen.findByRole('button', { name: 'Actions for Mid-term 1, CS301 · CSE-3A' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit exam' });
    expect(within(dialog).queryByLabelText('Class')).not.toBeInTheDocument();
    expect(within(dialog).getByText('CS301 · CSE-3A — Data Structures')).toBeInTheDocument();
    const maxMarks = within(dialog).getByLabelText('Max marks');
    await user.clear(maxMarks);
    await user.type(maxMarks, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(MSG.examMaxBelowMarks(42))).toBeInTheDocument();
    await user.clear(maxMarks);
    await user.type(maxMarks, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await toastText(MSG.examUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /assesment/exams/60000000-0000-4000-8000-000000000001').at(-1)?.body).toEqual({ name: 'Mid-term 1', kind: 'mid-term', maxMarks: 60, weight: 30, date: '2026-11-20' });
  });

  it('publishes after a confirmation that says students will see the marks, and deletes after another', async () => {
    let exams = [makeExam()];
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': () => ({ body: { exams } }),
      'POST /assesment/exams/60000000-0000-4000-8000-000000000001/publish': (req) => {
        exams = [makeExam({ published: (req.body as { published: boolean }).published })];
        return { body: { message: MSG.examPublished, exam: exams[0] } };
      },
      'DELETE /assesment/exams/60000000-0000-4000-8000-000000000001': () => {
        exams = [];
        return { body: { message: MSG.examDeleted } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/exams');
    const actions = () => screen.findByRole('button', { name: 'Actions for Mid-term 1, CS301 · CSE-3A' }, { timeout: 10_000 });
    await user.click(await actions());
    await user.click(await screen.findByRole('menuitem', { name: 'Publish marks' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Publish marks?' });
    expect(confirm).toHaveTextContent('become visible to the students of the section');
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await toastText(MSG.examPublished)).toBeInTheDocument();
    expect(server.calls('POST /assesment/exams/60000000-0000-4000-8000-000000000001/publish').map((r) => r.body)).toEqual([{ published: true }]);
    expect(await screen.findByText('Published', { selector: 'td *' })).toBeInTheDocument();

    await user.click(await actions());
    expect(await screen.findByRole('menuitem', { name: 'Withdraw marks' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const del = await screen.findByRole('alertdialog', { name: 'Delete exam?' });
    await user.click(within(del).getByRole('button', { name: 'Delete' }));
    expect(await toastText(MSG.examDeleted)).toBeInTheDocument();
    expect(await screen.findByText('No exams yet. Create one for a class you teach.')).toBeInTheDocument();
  });
});

const ROSTER: MarksGrid['students'] = [
  { studentId: '70000000-0000-4000-8000-000000000001', name: 'Aditi Sharma', rollNumber: 'STU000101', marks: 41.5, absent: false, remarks: null },
  { studentId: '70000000-0000-4000-8000-000000000002', name: 'Rahul Verma', rollNumber: 'STU000102', marks: null, absent: false, remarks: null },
  { studentId: '70000000-0000-4000-8000-000000000003', name: 'Sneha Iyer', rollNumber: 'STU000103', marks: null, absent: false, remarks: null },
];

describe('Marks grid', () => {
  it('checks marks as typed (0 to the maximum), marks an absentee and saves only the changed lines', async () => {
    const puts: RecordedRequest[] = [];
    server = await signedInAs(teacher(), {
      'GET /assesment/exams/60000000-0000-4000-8000-000000000001/marks': { body: { exam: makeExam({ marked: 1 }), students: ROSTER } },
      'PUT /assesment/exams/60000000-0000-4000-8000-000000000001/marks': (req) => {
        puts.push(req);
        const entries = (req.body as { marks: Array<{ studentId: string; marks: number | null; absent: boolean }> }).marks;
        const students = ROSTER.map((s) => ({ ...s, ...entries.find((e) => e.studentId === s.studentId) }));
        return { body: { exam: makeExam({ marked: 3 }), students } };
      },
    });
    const user = userEvent.setup();
    renderApp(`/dashboard/teacher/exams/${E1}/marks`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Marks: Mid-term 1' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('CS301 · CSE-3A · Data Structures · out of 50')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Marks: Aditi Sharma' })).toHaveValue('41.5');
    expect(screen.getByText('Marked 1 of 3 · Absent 0')).toBeInTheDocument();

    const rahul = screen.getByRole('textbox', { name: 'Marks: Rahul Verma' });
    await user.type(rahul, '55');
    expect(await screen.findByText(MSG.marksAboveMax(50))).toBeInTheDocument();
    expect(rahul).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(await screen.findByText('Correct the marks shown in red first.')).toBeInTheDocument();
    await user.clear(rahul);
    await user.type(rahul, '4.567');
    expect(await screen.findByText(MSG.marksNotNumber)).toBeInTheDocument();
    await user.clear(rahul);
    await user.type(rahul, '-3');
    expect(await screen.findByText(MSG.marksNegative)).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(rahul);
    await user.type(rahul, '38.25');
    await user.click(screen.getByRole('checkbox', { name: 'Absent: Sneha Iyer' }));
    expect(screen.getByRole('textbox', { name: 'Marks: Sneha Iyer' })).toBeDisabled();
    expect(screen.getByText('Marked 3 of 3 · Absent 1')).toBeInTheDocument();
    expect(screen.getByText('· 2 unsaved changes', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(await toastText(MSG.marksSaved)).toBeInTheDocument();
    expect(puts.map((r) => r.body)).toEqual([
      {
        marks: [
          { studentId: ROSTER[1]!.studentId, absent: false, marks: 38.25 },
          { studentId: ROSTER[2]!.studentId, absent: true, marks: null },
        ],
      },
    ]);
    // The saved answer is the new starting point: nothing left to save.
    await waitFor(() => expect(screen.queryByText('unsaved', { exact: false })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(await screen.findByText('Nothing has changed since the last save.')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
  });

  it("shows the server's refusal for another teacher's exam", async () => {
    server = await signedInAs(teacher(), { 'GET /assesment/exams/60000000-0000-4000-8000-000000000001/marks': { status: 403, body: { message: MSG.examNotYours, code: 'NOT_YOUR_EXAM' } } });
    const { router } = renderApp(`/dashboard/teacher/exams/${E1}/marks`);
    // The client's 403 handling goes to /unauthorized (spec section 8); no grid is shown.
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'), { timeout: 10_000 });
    expect(screen.queryByRole('textbox', { name: /^Marks:/ })).not.toBeInTheDocument();
  });
});

function importResult(dryRun: boolean, errors: ImportResult['errors'] = []): ImportResult {
  return {
    dryRun,
    created: dryRun ? 2 - errors.length : 2,
    updated: 0,
    skipped: 0,
    errors,
    rows: dryRun
      ? [
          { row: 2, action: 'create', values: { studentId: 'STU000101', marks: '44' } },
          { row: 3, action: errors.length ? 'error' : 'create', values: { studentId: errors.length ? 'STU999999' : 'STU000102', marks: 'AB' } },
        ]
      : [],
    columns: ['studentId', 'marks'],
  };
}

describe('Upload Exam Marks', () => {
  it("requires an exam and a CSV file ('Exam is required', 'CSV file is required')", async () => {
    server = await signedInAs(teacher(), { 'GET /assesment/exams': { body: { exams: [makeExam()] } } });
    // The picker's accept filter off, as a user choosing "All files" would.
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/dashboard/teacher/marks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Exam Marks' }, { timeout: 10_000 })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Mid-term 1 — CS301 · CSE-3A' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Exam is required')).toBeInTheDocument();
    expect(screen.getByText('CSV file is required')).toBeInTheDocument();
    // A spreadsheet is not "a CSV file" on this screen.
    await user.upload(screen.getByLabelText('CSV file (.csv)'), new File(['x'], 'marks.xlsx'));
    expect((screen.getByLabelText('CSV file (.csv)') as HTMLInputElement).files?.[0]?.name).toBe('marks.xlsx');
    await user.selectOptions(screen.getByLabelText('Exam'), 'Mid-term 1 — CS301 · CSE-3A');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('CSV file is required')).toBeInTheDocument();
    expect(screen.queryByText('Exam is required')).not.toBeInTheDocument();
    expect(server.calls('POST /assesment/marks')).toHaveLength(0);
  });

  it('previews a file with a bad row (no upload offered), then uploads a clean one after its preview', async () => {
    let bad = true;
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': { body: { exams: [makeExam()] } },
      'POST /assesment/marks': (req) => {
        const dryRun = req.query.get('dryRun') === 'true';
        return { body: importResult(dryRun, bad ? [{ row: 3, field: 'studentId', message: 'STU999999 is not in section CSE-3A' }] : []) };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/marks');
    await screen.findByRole('option', { name: 'Mid-term 1 — CS301 · CSE-3A' }, { timeout: 10_000 });
    await user.selectOptions(screen.getByLabelText('Exam'), 'Mid-term 1 — CS301 · CSE-3A');
    await user.upload(screen.getByLabelText('CSV file (.csv)'), new File(['Student ID,Marks\nSTU000101,44\nSTU999999,AB\n'], 'marks.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const preview = await screen.findByRole('region', { name: 'Check before uploading' });
    expect(within(preview).getByTestId('import-bad-row')).toHaveTextContent('STU999999');
    expect(within(preview).getByTestId('import-errors')).toHaveTextContent('Row 3, studentId: STU999999 is not in section CSE-3A');
    expect(within(preview).queryByRole('button', { name: 'Upload marks' })).not.toBeInTheDocument();
    const sent = server.calls('POST /assesment/marks');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.get('dryRun')).toBe('true');
    expect(sent[0]!.body).toMatch(/name="examId"\r\n\r\n60000000-0000-4000-8000-000000000001/);
    expect(sent[0]!.body).toMatch(/name="csv"; filename="marks.csv"/);

    bad = false;
    await user.upload(screen.getByLabelText('CSV file (.csv)'), new File(['Student ID,Marks\nSTU000101,44\nSTU000102,AB\n'], 'marks-fixed.csv', { type: 'text/csv' }));
    expect(screen.queryByRole('region', { name: 'Check before uploading' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const clean = await screen.findByRole('region', { name: 'Check before uploading' });
    expect(within(clean).getAllByTestId('import-row')).toHaveLength(2);
    expect(within(clean).getByText('2 rows are ready for Mid-term 1. Upload to store them.')).toBeInTheDocument();
    await user.click(within(clean).getByRole('button', { name: 'Upload marks' }));
    expect(await toastText('Marks uploaded successfully')).toBeInTheDocument();
    const calls = server.calls('POST /assesment/marks');
    expect(calls).toHaveLength(3);
    expect(calls[2]!.query.get('dryRun')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Check before uploading' })).not.toBeInTheDocument();
  });

  it('shows each exam as Draft or Published, names the students in the preview, and offers Publish at once after an upload to a draft', async () => {
    let exams = [makeExam(), makeExam({ _id: E2, name: 'Quiz 2', published: true, publishedAt: '2026-11-21T05:00:00.000Z' })];
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': () => ({ body: { exams } }),
      'POST /assesment/marks': (req) => {
        const result = importResult(req.query.get('dryRun') === 'true');
        // The server puts each student's stored name beside the ID.
        return { body: { ...result, columns: ['studentId', 'name', 'marks'], rows: result.rows.map((r, i) => ({ ...r, values: { ...r.values, name: ['Aditi Sharma', 'Rahul Verma'][i]! } })) } };
      },
      [`POST /assesment/exams/${E1}/publish`]: (req) => {
        exams = exams.map((e) => (e._id === E1 ? { ...e, published: (req.body as { published: boolean }).published } : e));
        return { body: { message: MSG.examPublished, exam: exams[0] } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/marks');
    const select = await screen.findByLabelText('Exam', {}, { timeout: 10_000 });
    await screen.findByRole('option', { name: 'Mid-term 1 — CS301 · CSE-3A' });
    // The options keep their "name — class" texts, grouped by status.
    expect(within(select).getByRole('group', { name: 'Draft: students do not see the marks' })).toHaveTextContent('Mid-term 1 — CS301 · CSE-3A');
    expect(within(select).getByRole('group', { name: 'Published: students see the marks' })).toHaveTextContent('Quiz 2 — CS301 · CSE-3A');
    await user.selectOptions(select, 'Quiz 2 — CS301 · CSE-3A');
    expect(screen.getByTestId('exam-status')).toHaveTextContent('Published');
    await user.selectOptions(select, 'Mid-term 1 — CS301 · CSE-3A');
    expect(screen.getByTestId('exam-status')).toHaveTextContent('Draft: students do not see the marks of this exam until you publish them.');

    await user.upload(screen.getByLabelText('CSV file (.csv)'), new File(['Student ID,Marks\nSTU000101,44\nSTU000102,AB\n'], 'marks.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const preview = await screen.findByRole('region', { name: 'Check before uploading' });
    expect(within(preview).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Row', 'Action', 'Student ID', 'Name', 'Marks', 'Problems']);
    expect(within(preview).getAllByTestId('import-row')[0]).toHaveTextContent('STU000101Aditi Sharma44');
    await user.click(within(preview).getByRole('button', { name: 'Upload marks' }));
    expect(await toastText('Marks uploaded successfully')).toBeInTheDocument();

    const offer = await screen.findByRole('region', { name: 'Publish these marks?' });
    expect(offer).toHaveTextContent('2 marks are stored for Mid-term 1 (CS301 · CSE-3A). The exam is a draft');
    expect(server.calls(`POST /assesment/exams/${E1}/publish`)).toHaveLength(0);
    await user.click(within(offer).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(server!.calls(`POST /assesment/exams/${E1}/publish`).map((r) => r.body)).toEqual([{ published: true }]), { timeout: 10_000 });
    expect(await toastText(MSG.examPublished)).toBeInTheDocument();
    expect(await within(offer).findByText('Mid-term 1 is published: the students of CSE-3A see their marks and have a notice in their bell.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('exam-status')).toHaveTextContent('Published'));
  });

  it('offers no publishing after an upload to a published exam, and downloads the template of the chosen exam', async () => {
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': { body: { exams: [makeExam({ published: true, publishedAt: '2026-11-21T05:00:00.000Z' })] } },
      'POST /assesment/marks': (req) => ({ body: importResult(req.query.get('dryRun') === 'true') }),
      [`GET /assesment/exams/${E1}/template`]: { text: 'Student ID,Name,Marks,Remarks\r\nSTU000101,Aditi Sharma,,\r\n', headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="marks-CS301-CSE-3A-Mid-term-1.csv"' } },
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    const user = userEvent.setup();
    // Opened from the exam's row: the exam is chosen.
    renderApp(`/dashboard/teacher/marks?exam=${E1}`);
    await waitFor(() => expect(screen.getByLabelText('Exam')).toHaveValue(E1), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: "Download this exam's template" }));
    await waitFor(() => expect(server!.calls(`GET /assesment/exams/${E1}/template`)).toHaveLength(1));
    expect(server.calls(`GET /assesment/exams/${E1}/template`)[0]!.query.get('format')).toBe('csv');
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    created.mockRestore();

    await user.upload(screen.getByLabelText('CSV file (.csv)'), new File(['Student ID,Marks\nSTU000101,44\n'], 'marks.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(within(await screen.findByRole('region', { name: 'Check before uploading' })).getByRole('button', { name: 'Upload marks' }));
    expect(await toastText('Marks uploaded successfully')).toBeInTheDocument();
    expect(await screen.findByText('Mid-term 1 is published: its students see the new marks now.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Publish these marks?' })).not.toBeInTheDocument();
  });

  it("toasts 'Failed to upload marks' with the server's reason", async () => {
    server = await signedInAs(teacher(), {
      'GET /assesment/exams': { body: { exams: [makeExam()] } },
      'POST /assesment/marks': { status: 415, body: { message: MSG.importFileType, code: 'UNSUPPORTED_FILE_TYPE' } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/marks');
    await screen.findByRole('option', { name: 'Mid-term 1 — CS301 · CSE-3A' }, { timeout: 10_000 });
    await user.selectOptions(screen.getByLabelText('Exam'), 'Mid-term 1 — CS301 · CSE-3A');
    await user.upload(screen.getByLabelText('CSV file (.csv)'), new File(['%PDF-1.4'], 'marks.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await toastText('Failed to upload marks')).toBeInTheDocument();
    expect(await screen.findAllByText(MSG.importFileType)).not.toHaveLength(0);
  });

  it("toasts 'Failed to load exams' when the exam list fails", async () => {
    server = await signedInAs(teacher(), { 'GET /assesment/exams': failed });
    renderApp('/dashboard/teacher/marks');
    expect(await toastText('Failed to load exams')).toBeInTheDocument();
  });
});

describe('Marks Overview (teacher dashboard)', () => {
  const dashboardRoutes = {
    'GET /attendance/summary': { body: { byClass: [], averageAttendance: 0, threshold: 75 } },
    'GET /attendance/today': { body: { date: '2026-11-24', today: '2026-11-24', now: '08:00', editable: true, correctionDays: 7, classes: [] } },
  };

  it('shows average marks by subject (the table alternative) and the average below', async () => {
    server = await signedInAs(teacher(), {
      ...dashboardRoutes,
      'GET /analytics/performance': { body: { bySubject: [{ subject: 'Data Structures', avgMarks: 72.4 }, { subject: 'Operating Systems', avgMarks: 65 }], averageMarks: 69.1 } },
    });
    renderApp('/dashboard/teacher');
    const overview = await screen.findByRole('region', { name: 'Marks Overview' }, { timeout: 10_000 });
    const figures = await within(overview).findByRole('table', { name: 'Marks Overview' });
    expect(within(figures).getByRole('row', { name: 'Data Structures 72.4%' })).toBeInTheDocument();
    expect(within(figures).getByRole('row', { name: 'Operating Systems 65.0%' })).toBeInTheDocument();
    expect(within(overview).getByText('Average marks: 69.1%')).toBeInTheDocument();
  });

  it('says so when no marks are entered yet', async () => {
    server = await signedInAs(teacher(), { ...dashboardRoutes, 'GET /analytics/performance': { body: { bySubject: [], averageMarks: 0 } } });
    renderApp('/dashboard/teacher');
    const overview = await screen.findByRole('region', { name: 'Marks Overview' }, { timeout: 10_000 });
    expect(await within(overview).findByText('No marks have been entered for your exams yet.')).toBeInTheDocument();
  });

  it("toasts 'Failed to load marks data' when the call fails", async () => {
    server = await signedInAs(teacher(), { ...dashboardRoutes, 'GET /analytics/performance': failed });
    renderApp('/dashboard/teacher');
    expect(await toastText('Failed to load marks data')).toBeInTheDocument();
  });
});
