// Exams, marks and results (issue 12 items 1–4): ownership, the marks upload through the import
// pipeline (preview, row errors, all-or-nothing, replace), the grid, publishing, results and CGPA
// against a hand-computed fixture, analytics.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Section, Subject } from '@crs/shared/schemas/academics';
import type { Exam, MarksGrid, Performance, Results } from '@crs/shared/schemas/assessment';
import { DEFAULT_GRADE_SCALE } from '@crs/shared/schemas/settings';
import { apiOn, createTestApp, createUser } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person, post } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

const fixture = (dir: string, name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures', dir, name));

let t: TestApp;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
});
afterAll(() => t.close());

const today = () => collegeClock(t.ctx.config.timeZone).date;
const api = apiOn(() => t.app);

/** A multipart form as the marks screen sends it: field "examId", file field "csv". */
function marksForm(examId: string | undefined, content: Buffer | undefined, filename = 'marks.csv') {
  const boundary = `----crs${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (examId !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="examId"\r\n\r\n${examId}\r\n`));
  if (content) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`), content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadMarks = (auth: Auth, examId: string | undefined, content: Buffer | undefined, opts: { dryRun?: boolean; filename?: string } = {}) => {
  const form = marksForm(examId, content, opts.filename);
  return t.app.inject({ method: 'POST', url: `/api/v1/assesment/marks${opts.dryRun ? '?dryRun=true' : ''}`, headers: { ...auth, ...form.headers }, payload: form.payload });
};

async function exam(auth: Auth, body: Record<string, unknown>, status = 201) {
  const res = await api('POST', '/assesment/exams', auth, { name: 'Mid-term 1', kind: 'mid-term', maxMarks: 50, weight: 30, date: today(), ...body });
  expect(res.statusCode, res.body).toBe(status);
  return res.json().exam as Exam;
}

describe('exams', () => {
  it('a teacher creates, edits, publishes and deletes exams for their own classes only', async () => {
    const teacher = await person(t, 'Teacher');
    const other = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const mine = await exam(teacher.auth, { subjectId: c.subject._id, sectionId: c.section._id });
    expect(mine).toMatchObject({ name: 'Mid-term 1', kind: 'mid-term', maxMarks: 50, weight: 30, published: false, rosterSize: 2, marked: 0, subjectCode: c.subject.code, section: c.section.name });

    // Another teacher: not their class → 403 on create, edit, publish, delete, grid.
    expect((await api('POST', '/assesment/exams', other.auth, { name: 'X', kind: 'internal', maxMarks: 10, weight: 10, date: today(), subjectId: c.subject._id, sectionId: c.section._id })).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['PATCH', `/assesment/exams/${mine._id}`, { name: 'Hijacked' }],
      ['POST', `/assesment/exams/${mine._id}/publish`, {}],
      ['DELETE', `/assesment/exams/${mine._id}`, undefined],
      ['GET', `/assesment/exams/${mine._id}/marks`, undefined],
      ['PUT', `/assesment/exams/${mine._id}/marks`, { marks: [] }],
    ] as const) {
      const res = await api(method, url, other.auth, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(MSG.examNotYours);
    }
    // Students cannot list or read exams' marks at all.
    expect((await api('GET', '/assesment/exams', c.students[0]!.auth)).statusCode).toBe(403);
    expect((await api('GET', `/assesment/exams/${mine._id}/marks`, c.students[0]!.auth)).statusCode).toBe(403);

    // Lists: the teacher's own; the other teacher sees none of it; Admin sees it; the alias path answers the same.
    expect((await api('GET', '/assesment/exams', teacher.auth)).json().exams.map((e: Exam) => e._id)).toEqual([mine._id]);
    expect((await api('GET', '/assesment/exams', other.auth)).json().exams).toEqual([]);
    expect((await api('GET', '/assessment/exams', admin)).json().exams.map((e: Exam) => e._id)).toContain(mine._id);

    const patched = await api('PATCH', `/assesment/exams/${mine._id}`, teacher.auth, { name: 'Mid-term I', weight: 25 });
    expect(patched.json().exam).toMatchObject({ name: 'Mid-term I', weight: 25 });
    const pub = await api('POST', `/assesment/exams/${mine._id}/publish`, teacher.auth, {});
    expect(pub.json()).toMatchObject({ message: MSG.examPublished, exam: { published: true } });
    const unpub = await api('POST', `/assesment/exams/${mine._id}/publish`, teacher.auth, { published: false });
    expect(unpub.json().exam.published).toBe(false);
    // A bare POST (no body, as a client posting nothing sends it) publishes; an empty PATCH changes nothing.
    const bare = await t.app.inject({ method: 'POST', url: `/api/v1/assesment/exams/${mine._id}/publish`, headers: teacher.auth });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().exam.published).toBe(true);
    const empty = await api('PATCH', `/assesment/exams/${mine._id}`, teacher.auth, {});
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().exam).toMatchObject({ name: 'Mid-term I', weight: 25, maxMarks: 50, published: true });
    expect((await api('DELETE', `/assesment/exams/${mine._id}`, teacher.auth)).json().message).toBe(MSG.examDeleted);
    expect((await api('DELETE', `/assesment/exams/${mine._id}`, teacher.auth)).statusCode).toBe(404);
  });

  it('refuses bad exams with the field messages, and classes nobody teaches', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 0);
    const bad = await api('POST', '/assesment/exams', teacher.auth, { name: ' ', kind: 'quiz', maxMarks: 0, weight: 120, date: '2026-02-30', subjectId: c.subject._id, sectionId: c.section._id });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json().errors as Array<{ message: string }>).map((e) => e.message);
    expect(messages).toEqual(expect.arrayContaining([MSG.examNameRequired, MSG.examKind, MSG.examMaxMarks, MSG.examWeight, MSG.dateFormat]));
    // A section the subject is not taught to.
    const { section } = await post<{ section: Section }>(t, admin, '/academics/sections', { name: `Z${Date.now() % 100000}-1A`, departmentId: c.department._id, semester: 1, academicYear: '2026-27' });
    const untaught = await api('POST', '/assesment/exams', admin, { name: 'Quiz', kind: 'internal', maxMarks: 10, weight: 10, date: today(), subjectId: c.subject._id, sectionId: section._id });
    expect(untaught.statusCode).toBe(400);
    expect(untaught.json().message).toBe(MSG.noTeacherForClass);
    expect(await countRows(t.ctx, 'exams', `section_id = '${section._id}'`)).toBe(0);
  });

  it('lists a student\'s upcoming exams of their own sections only', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const d = await assignmentFixture(t, admin, teacher.user.id, 1);
    await exam(teacher.auth, { name: 'Past quiz', date: addDays(today(), -3), subjectId: c.subject._id, sectionId: c.section._id });
    const next = await exam(teacher.auth, { name: 'End-term', kind: 'end-term', date: addDays(today(), 10), subjectId: c.subject._id, sectionId: c.section._id });
    await exam(teacher.auth, { name: 'Not yours', date: addDays(today(), 5), subjectId: d.subject._id, sectionId: d.section._id });
    const res = await api('GET', '/assesment/exams/upcoming', c.students[0]!.auth);
    expect(res.json().exams.map((e: { _id: string }) => e._id)).toEqual([next._id]);
    expect((await api('GET', '/assesment/exams/upcoming', teacher.auth)).statusCode).toBe(403);
  });
});

describe('marks upload', () => {
  it('previews row errors, writes nothing for a bad file, then stores and replaces marks from CSV and a LibreOffice .xlsx', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 0);
    const students = [];
    for (const n of [1, 2, 3]) students.push(await createUser(t.ctx, { roles: ['Student'], email: `mk.student${n}@test.crs`, name: `Marks Student ${n}` }));
    await createUser(t.ctx, { roles: ['Student'], email: 'mk.outsider@test.crs' });
    await post(t, admin, `/academics/sections/${c.section._id}/students`, { studentIds: students.map((s) => s.id) }, 200);
    const e = await exam(teacher.auth, { maxMarks: 50, subjectId: c.subject._id, sectionId: c.section._id });

    // The screen's checks on the server too.
    const noExam = await uploadMarks(teacher.auth, undefined, fixture('import/assessment', 'marks.csv'));
    expect(noExam.statusCode).toBe(400);
    expect(noExam.json().message).toBe(MSG.examRequired);
    const noFile = await uploadMarks(teacher.auth, e._id, undefined);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(MSG.csvRequired);
    expect((await uploadMarks(teacher.auth, e._id, fixture('files', 'marks.pdf'), { filename: 'marks.csv' })).statusCode).toBe(415);
    expect((await uploadMarks(teacher.auth, crypto.randomUUID(), fixture('import/assessment', 'marks.csv'))).statusCode).toBe(404);

    // Every bad row, by row number, in the preview; the real upload is refused whole.
    const preview = await uploadMarks(teacher.auth, e._id, fixture('import/assessment', 'marks-bad.csv'), { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const errors = preview.json().errors as Array<{ row: number; field: string | null; message: string }>;
    expect(errors).toEqual([
      { row: 2, field: 'marks', message: MSG.marksAboveMax(50) },
      { row: 3, field: 'studentId', message: MSG.unknownPerson('nobody@test.crs') },
      { row: 4, field: 'studentId', message: MSG.notInSection('mk.outsider@test.crs', c.section.name) },
      { row: 5, field: 'marks', message: MSG.marksNegative },
      { row: 7, field: null, message: 'The same record as row 6 of this file' },
    ]);
    expect(preview.json().rows.map((r: { action: string }) => r.action)).toEqual(['error', 'error', 'error', 'error', 'create', 'error']);
    const refused = await uploadMarks(teacher.auth, e._id, fixture('import/assessment', 'marks-bad.csv'));
    expect(refused.statusCode).toBe(422);
    expect(await countRows(t.ctx, 'exam_marks', `exam_id = '${e._id}'`)).toBe(0);

    // Another teacher may not upload to this exam.
    const other = await person(t, 'Teacher');
    expect((await uploadMarks(other.auth, e._id, fixture('import/assessment', 'marks.csv'))).statusCode).toBe(403);

    // A good CSV: three rows, one absent.
    const dry = await uploadMarks(teacher.auth, e._id, fixture('import/assessment', 'marks.csv'), { dryRun: true });
    expect(dry.json()).toMatchObject({ dryRun: true, created: 3, errors: [] });
    expect(await countRows(t.ctx, 'exam_marks', `exam_id = '${e._id}'`)).toBe(0);
    const ok = await uploadMarks(teacher.auth, e._id, fixture('import/assessment', 'marks.csv'));
    expect(ok.json(), ok.body).toMatchObject({ dryRun: false, created: 3, updated: 0 });
    const grid = (await api('GET', `/assesment/exams/${e._id}/marks`, teacher.auth)).json() as MarksGrid;
    expect(grid.students.map((s) => [s.name, s.marks, s.absent, s.remarks])).toEqual([
      ['Marks Student 1', 42.5, false, null],
      ['Marks Student 2', null, true, 'Medical leave'],
      ['Marks Student 3', 18, false, 'Needs improvement'],
    ]);
    expect(grid.exam.marked).toBe(3);

    // Re-uploading (the same marks saved by LibreOffice as .xlsx) replaces them: all three are updates.
    const again = await uploadMarks(teacher.auth, e._id, fixture('import/assessment', 'marks.xlsx'), { filename: 'marks.xlsx' });
    expect(again.json(), again.body).toMatchObject({ created: 0, updated: 3 });
    expect(await countRows(t.ctx, 'exam_marks', `exam_id = '${e._id}'`)).toBe(3);
    // A file with only one student replaces the exam's marks: the others are gone.
    const one = Buffer.from('Roll No,Marks\nmk.student3@test.crs,20\n');
    expect((await uploadMarks(teacher.auth, e._id, one)).json()).toMatchObject({ created: 0, updated: 1 });
    expect(await countRows(t.ctx, 'exam_marks', `exam_id = '${e._id}'`)).toBe(1);
    // Lowering the maximum below an entered mark is refused.
    const lower = await api('PATCH', `/assesment/exams/${e._id}`, teacher.auth, { maxMarks: 15 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(MSG.examMaxBelowMarks(20));
  });

  it('saves the grid: listed students only, absent, clearing, and refuses outsiders and marks above the maximum', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 3);
    const [a, b, d] = c.students.map((s) => s.user.id);
    const e = await exam(teacher.auth, { maxMarks: 20, subjectId: c.subject._id, sectionId: c.section._id });
    const save = (marks: object[]) => api('PUT', `/assesment/exams/${e._id}/marks`, teacher.auth, { marks });
    const first = await save([{ studentId: a, marks: 17.5 }, { studentId: b, absent: true }, { studentId: d, marks: 9, remarks: 'Late submission' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as MarksGrid).students.map((s) => [s.marks, s.absent])).toEqual([[17.5, false], [null, true], [9, false]]);
    // Only the listed student changes; null + not absent clears.
    const second = (await save([{ studentId: a, marks: null }])).json() as MarksGrid;
    expect(second.students.map((s) => [s.marks, s.absent])).toEqual([[null, false], [null, true], [9, false]]);
    const outsider = await person(t, 'Student');
    const bad = await save([{ studentId: d, marks: 5 }, { studentId: outsider.user.id, marks: 5 }]);
    expect(bad.statusCode).toBe(400);
    expect((await save([{ studentId: d, marks: 21 }])).json().message).toBe(MSG.marksAboveMax(20));
    expect((await save([{ studentId: d, marks: -1 }])).statusCode).toBe(400);
    expect((await save([{ studentId: d, marks: 1.234 }])).statusCode).toBe(400);
    expect((await save([{ studentId: d, marks: 4 }, { studentId: d, marks: 5 }])).statusCode).toBe(400);
    // Nothing of the refused saves was written.
    expect(((await api('GET', `/assesment/exams/${e._id}/marks`, teacher.auth)).json() as MarksGrid).students[2]!.marks).toBe(9);
  });
});

describe('results and CGPA', () => {
  it('computes percent, grade, SGPA and CGPA over published exams only (hand-computed fixture)', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1); // subject A: semester 3, 4 credits
    const student = c.students[0]!;
    const n = Date.now() % 100000;
    const subject = async (code: string, semester: number, credits: number) => {
      const { subject: s } = await post<{ subject: Subject }>(t, admin, '/academics/subjects', { code, name: `Subject ${code}`, departmentId: c.department._id, semester, credits });
      await post(t, admin, '/academics/assignments', { teacherId: teacher.user.id, subjectId: s._id, sectionId: c.section._id });
      return s;
    };
    const B = await subject(`B${n}`, 3, 3);
    const C = await subject(`C${n}`, 4, 2);
    const A = c.subject;
    const mark = async (ex: Exam, marks: object) => expect((await api('PUT', `/assesment/exams/${ex._id}/marks`, teacher.auth, { marks: [{ studentId: student.user.id, ...marks }] })).statusCode).toBe(200);
    const publish = (ex: Exam) => api('POST', `/assesment/exams/${ex._id}/publish`, teacher.auth, {});
    const cls = (s: { _id: string }) => ({ subjectId: s._id, sectionId: c.section._id });

    // A: mid 40/50 (w30), end 72/100 (w50), assignment 20/20 (w20) left unpublished → (24 + 36) / 80 = 75.00 → A, 8.
    const aMid = await exam(teacher.auth, { ...cls(A), name: 'Mid', kind: 'mid-term', maxMarks: 50, weight: 30 });
    const aEnd = await exam(teacher.auth, { ...cls(A), name: 'End', kind: 'end-term', maxMarks: 100, weight: 50 });
    const aAsg = await exam(teacher.auth, { ...cls(A), name: 'Assignment', kind: 'assignment', maxMarks: 20, weight: 20 });
    await mark(aMid, { marks: 40 });
    await mark(aEnd, { marks: 72 });
    await mark(aAsg, { marks: 20 });
    // B: one internal, absent → 0 → F, 0.
    const bInt = await exam(teacher.auth, { ...cls(B), name: 'Internal', kind: 'internal', maxMarks: 25, weight: 100 });
    await mark(bInt, { absent: true });
    // C: 27.5/30 (w40) + 44/50 (w60) = 36.6667 + 52.8 = 89.47 → A+, 9.
    const c1 = await exam(teacher.auth, { ...cls(C), name: 'Test 1', kind: 'internal', maxMarks: 30, weight: 40 });
    const c2 = await exam(teacher.auth, { ...cls(C), name: 'Test 2', kind: 'internal', maxMarks: 50, weight: 60 });
    await mark(c1, { marks: 27.5 });
    await mark(c2, { marks: 44 });

    // Nothing published yet: the student sees no marks at all.
    const before = (await api('GET', '/results/me', student.auth)).json() as Results;
    expect(before).toEqual({ scale: DEFAULT_GRADE_SCALE, subjects: [], semesters: [], cgpa: null });

    for (const ex of [aMid, aEnd, bInt, c1, c2]) expect((await publish(ex)).statusCode).toBe(200);
    const res = await api('GET', '/results/me', student.auth);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as Results;
    // By semester, then code.
    const semester3 = [
      [A.code, 4, 75, 'A', 8, 80],
      [B.code, 3, 0, 'F', 0, 100],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(r.subjects.map((s) => [s.code, s.credits, s.percent, s.grade, s.gradePoint, s.publishedWeight])).toEqual([...semester3, [C.code, 2, 89.47, 'A+', 9, 100]]);
    // The unpublished assignment is not among A's exams.
    expect(r.subjects.find((s) => s.code === A.code)!.exams.map((e) => e.name).sort()).toEqual(['End', 'Mid']);
    // SGPA 3 = (4×8 + 3×0) / 7 = 4.571 → 4.57; SGPA 4 = 9; CGPA = (32 + 0 + 18) / 9 = 5.556 → 5.56.
    expect(r.semesters).toEqual([{ semester: 3, sgpa: 4.57 }, { semester: 4, sgpa: 9 }]);
    expect(r.cgpa).toBe(5.56);

    // Who may read whose results.
    const stranger = await person(t, 'Student');
    const denied = await api('GET', `/results/students/${student.user.id}`, stranger.auth);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MSG.resultsOwnOnly);
    expect((await api('GET', `/results/students/${student.user.id}`, student.auth)).json().cgpa).toBe(5.56);
    expect((await api('GET', `/results/students/${student.user.id}`, teacher.auth)).json().cgpa).toBe(5.56);
    expect((await api('GET', `/results/students/${student.user.id}`, admin)).json().cgpa).toBe(5.56);
    const otherTeacher = await person(t, 'Teacher');
    expect((await api('GET', `/results/students/${student.user.id}`, otherTeacher.auth)).statusCode).toBe(403);
    expect((await api('GET', '/results/me', teacher.auth)).statusCode).toBe(403);

    // Withdrawing an exam hides it again.
    await api('POST', `/assesment/exams/${bInt._id}/publish`, teacher.auth, { published: false });
    const after = (await api('GET', '/results/me', student.auth)).json() as Results;
    expect(after.subjects.map((s) => s.code)).not.toContain(B.code);
    expect(after.cgpa).toBe(roundTwo((4 * 8 + 2 * 9) / 6));
  });

  it('averages marks by subject over the caller\'s exams for the Marks Overview', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 3);
    const [a, b, d] = c.students.map((s) => s.user.id);
    const e1 = await exam(teacher.auth, { maxMarks: 50, subjectId: c.subject._id, sectionId: c.section._id });
    const e2 = await exam(teacher.auth, { maxMarks: 20, subjectId: c.subject._id, sectionId: c.section._id, name: 'Quiz', kind: 'internal' });
    await api('PUT', `/assesment/exams/${e1._id}/marks`, teacher.auth, { marks: [{ studentId: a, marks: 40 }, { studentId: b, marks: 25 }, { studentId: d, absent: true }] });
    await api('PUT', `/assesment/exams/${e2._id}/marks`, teacher.auth, { marks: [{ studentId: a, marks: 15 }] });
    // 80%, 50%, 75% (absent left out) → 68.3.
    const perf = (await api('GET', '/analytics/performance', teacher.auth)).json() as Performance;
    expect(perf).toEqual({ bySubject: [{ subject: c.subject.name, avgMarks: 68.3 }], averageMarks: 68.3 });
    const none = await person(t, 'Teacher');
    expect((await api('GET', '/analytics/performance', none.auth)).json()).toEqual({ bySubject: [], averageMarks: 0 });
    expect((await api('GET', '/analytics/performance', c.students[0]!.auth)).statusCode).toBe(403);
  });
});

const roundTwo = (x: number) => Math.round(x * 100) / 100;
