import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { TranscriptDocument } from '@crs/shared/schemas/transcripts';
import { DEFAULT_GRADE_SCALE } from '@crs/shared/schemas/settings';
import { makeUser, startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

const student = makeUser({ name: 'Aarav Sharma', roles: ['Student'], studentId: 'STU001001' });
const admin = makeUser({ name: 'Priya Nair', roles: ['Admin'] });
const subject = (code: string) => ({ code, name: `Subject ${code}`, credits: 4, percent: 80, grade: 'A', gradePoint: 8, provisional: false });
const doc: TranscriptDocument = {
  kind: 'transcript',
  student: { id: student._id, name: 'Aarav Sharma', studentId: 'STU001001', department: 'Computer Science', programme: 'CSE · semester 3 (2026-27)' },
  terms: [
    { term: 1, sgpa: 8, credits: 4, subjects: [subject('CS101')] },
    { term: 2, sgpa: 8, credits: 4, subjects: [subject('CS201')] },
  ],
  cgpa: 8,
  totalCredits: 8,
};
const pdf = (name: string) => ({ text: '%PDF-1.3 test', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` } });
const noResults = { scale: DEFAULT_GRADE_SCALE, subjects: [], semesters: [], cgpa: null };

describe('grade card and transcript downloads', () => {
  it("on the student's Results page: a grade card per published term and the transcript, downloaded as PDFs", async () => {
    server = await signedInAs(student, {
      'GET /results/me': { body: noResults },
      [`GET /students/${student._id}/transcript`]: (req) => (req.query.get('format') === 'pdf' ? pdf('transcript-STU001001.pdf') : { body: doc }),
      [`GET /students/${student._id}/gradecards/2`]: pdf('gradecard-sem2-STU001001.pdf'),
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    const user = userEvent.setup();
    renderApp('/dashboard/student/results');
    const region = await screen.findByRole('region', { name: 'Grade cards and transcript' });
    await within(region).findByRole('button', { name: 'Download transcript' });
    expect(within(region).getAllByRole('button', { name: /Download grade card/ }).map((b) => b.textContent)).toEqual(['Download grade card · Semester 1', 'Download grade card · Semester 2']);

    await user.click(within(region).getByRole('button', { name: 'Download grade card · Semester 2' }));
    await waitFor(() => expect(server!.calls(`GET /students/${student._id}/gradecards/2`)).toHaveLength(1));
    expect(server.calls(`GET /students/${student._id}/gradecards/2`)[0]!.query.get('format')).toBe('pdf');
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    await user.click(within(region).getByRole('button', { name: 'Download transcript' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    expect(server.calls(`GET /students/${student._id}/transcript`).map((c) => c.query.get('format'))).toEqual([null, 'pdf']);
  });

  it('says so when nothing is published, and shows a refused download’s message', async () => {
    server = await signedInAs(student, {
      'GET /results/me': { body: noResults },
      [`GET /students/${student._id}/transcript`]: { status: 404, body: { message: MSG.transcriptNothingPublished, code: 'NOTHING_PUBLISHED' } },
    });
    renderApp('/dashboard/student/results');
    const region = await screen.findByRole('region', { name: 'Grade cards and transcript' });
    expect(await within(region).findByText(MSG.transcriptNothingPublished)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Download transcript' })).toBeNull();
  });

  it("on an Admin's view of a student: the student's downloads and the section batch", async () => {
    const section = { _id: 'sec1', name: 'CSE-3A', departmentId: 'd', department: 'CSE', semester: 3, academicYear: '2026-27', students: 20 };
    server = await signedInAs(admin, {
      // The view's header reads the student from their attendance.
      'GET /attendance/students/STU001001': { body: { name: 'Aarav Sharma', rollNumber: 'STU001001', overall: { attended: 0, marked: 0, att: 0, belowThreshold: false }, bySubject: [], threshold: 75 } },
      'GET /students/STU001001/transcript': (req) => (req.query.get('format') === 'pdf' ? pdf('transcript-STU001001.pdf') : { body: doc }),
      'GET /academics/sections': { body: { sections: [section], total: 1 } },
      'POST /transcripts/generate': (req) =>
        (req.body as { kind: string }).kind === 'gradecard' ? { status: 400, body: { message: MSG.transcriptBatchEmpty, code: 'NOTHING_TO_PRINT' } } : pdf('transcripts-CSE-3A-2026-27.pdf'),
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    const user = userEvent.setup();
    renderApp('/dashboard/student?student=STU001001');
    const region = await screen.findByRole('region', { name: 'Grade cards and transcript' });
    // The view loads every card of the student's dashboard at once: this one may come last.
    await user.click(await within(region).findByRole('button', { name: 'Download transcript' }, { timeout: 10_000 }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));

    const batch = screen.getByRole('region', { name: 'Print for a section' });
    await within(batch).findByRole('option', { name: /CSE-3A/ }, { timeout: 10_000 });
    await user.selectOptions(within(batch).getByLabelText('Section'), 'sec1');
    await user.click(within(batch).getByRole('button', { name: 'Download section PDF' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    expect(server.calls('POST /transcripts/generate')[0]?.body).toEqual({ sectionId: 'sec1', kind: 'transcript', format: 'pdf' });
    // Grade cards of a term nobody has results in: the server's message.
    await user.selectOptions(within(batch).getByLabelText('Document'), 'gradecard');
    await user.selectOptions(within(batch).getByLabelText('Semester'), '4');
    await user.click(within(batch).getByRole('button', { name: 'Download section PDF' }));
    expect(await within(batch).findByText(MSG.transcriptBatchEmpty)).toBeInTheDocument();
    expect(server.calls('POST /transcripts/generate')[1]?.body).toEqual({ sectionId: 'sec1', kind: 'gradecard', termId: 4, format: 'pdf' });
  });
});

describe('/verify/transcripts/:token (public)', () => {
  it('shows a valid document’s name, student ID, issue date and CGPA, and only "not valid" for a revoked one', async () => {
    server = await startApiServer({
      'GET /transcripts/verify/good': { body: { valid: true, status: 'valid', name: 'Aarav Sharma', studentId: 'STU001001', issuedAt: '2026-11-20T06:00:00.000Z', cgpa: 8.25 } },
      'GET /transcripts/verify/old': { body: { valid: false, status: 'invalid', name: null, studentId: null, issuedAt: null, cgpa: null } },
    });
    const { router } = renderApp('/verify/transcripts/good');
    expect(await screen.findByText(MSG.transcriptVerifyValid)).toBeInTheDocument();
    expect(screen.getByText('Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByText('STU001001')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('8.25')).toBeInTheDocument();
    await router.navigate('/verify/transcripts/old');
    expect(await screen.findByText(MSG.transcriptVerifyInvalid)).toBeInTheDocument();
    expect(screen.queryByText('Aarav Sharma')).toBeNull();
  });
});
