// Issue 25 items 3 and 5: the marks lifecycle in sight. The template lists the exam's students in
// the import's columns and uploads back as it is; the preview names each row's student; publishing
// writes its audit entry, shows the result to the student and puts a notice in their bell, and
// withdrawing hides both; exam create/edit/delete and marks upload/replace/save are audited with
// actor, address and what changed.
import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { auditListResponse } from '@crs/shared/schemas/audit';
import type { AuditAction, AuditEntry } from '@crs/shared/schemas/audit';
import type { Exam, Results } from '@crs/shared/schemas/assessment';
import type { MyNotices } from '@crs/shared/schemas/notices';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

let t: TestApp;
let admin: Auth;
let superAdmin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
});
afterAll(() => t.close());

let lastOctet = 0;
/** A fresh documentation address (RFC 5737) per test: the entries must carry the caller's own. */
const freshIp = () => `203.0.113.${(++lastOctet % 250) + 1}`;
const today = () => collegeClock(t.ctx.config.timeZone).date;

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Auth, ip = '127.0.0.1', payload?: unknown) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
}

function upload(auth: Auth, examId: string, content: Buffer, opts: { dryRun?: boolean; filename?: string; ip?: string } = {}) {
  const boundary = `----crs${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="examId"\r\n\r\n${examId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="${opts.filename ?? 'marks.csv'}"\r\nContent-Type: text/csv\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/assesment/marks${opts.dryRun ? '?dryRun=true' : ''}`,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
}

async function entries(action: AuditAction, ip: string): Promise<AuditEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit?${new URLSearchParams({ action, pageSize: '100' })}`, headers: superAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return auditListResponse.parse(res.json()).entries.filter((e) => e.ip === ip);
}
async function only(action: AuditAction, ip: string): Promise<AuditEntry> {
  const list = await entries(action, ip);
  expect(list, `${action} from ${ip}`).toHaveLength(1);
  return list[0]!;
}

/** A teacher's class with `students` students and one exam of it (out of 50). */
async function examFixture(students: number, ip = '127.0.0.1') {
  const teacher = await person(t, 'Teacher');
  const c = await assignmentFixture(t, admin, teacher.user.id, students);
  const res = await call('POST', '/assesment/exams', teacher.auth, ip, { name: 'Mid-term 1', kind: 'mid-term', maxMarks: 50, weight: 40, date: today(), subjectId: c.subject._id, sectionId: c.section._id });
  expect(res.statusCode, res.body).toBe(201);
  return { teacher, c, exam: res.json().exam as Exam };
}

const csvOf = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n') + '\n');

describe('marks template', () => {
  it("lists the exam's students with empty marks, as CSV and .xlsx, and the filled file uploads back", async () => {
    const { teacher, c, exam } = await examFixture(3);
    // Each student's roll number (the People module hands one out), else their email: what the import accepts.
    const roster = c.students.map((s) => ({ ref: s.user.studentId ?? s.user.email, name: s.user.name }));

    const csv = await call('GET', `/assesment/exams/${exam._id}/template?format=csv`, teacher.auth);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="marks-.+\.csv"/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Student ID,Name,Marks,Remarks');
    expect(lines.slice(1).sort()).toEqual(roster.map((s) => `${s.ref},${s.name},,`).sort());

    // The default format is CSV; .xlsx holds the same table.
    expect((await call('GET', `/assesment/exams/${exam._id}/template`, teacher.auth)).body).toBe(csv.body);
    const xlsx = await call('GET', `/assesment/exams/${exam._id}/template?format=xlsx`, teacher.auth);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
    expect(sheet[0]).toEqual(['Student ID', 'Name', 'Marks', 'Remarks']);
    expect(sheet.slice(1).map((r) => r.slice(0, 2).join(',')).sort()).toEqual(roster.map((s) => `${s.ref},${s.name}`).sort());

    // Filled in (marks in the third column) the template previews with every student's stored name and uploads whole.
    const filled = Buffer.from(
      lines
        .map((line, i) => (i === 0 ? line : line.replace(/,,$/, `,${10 + i},`)))
        .join('\n')
        .replace(/,Student [^,]+,/, ',Someone Else,'),
    );
    const preview = await upload(teacher.auth, exam._id, filled, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json() as { created: number; errors: unknown[]; columns: string[]; rows: Array<{ values: Record<string, string> }> };
    expect(body).toMatchObject({ created: 3, errors: [] });
    expect(body.columns.slice(0, 2)).toEqual(['studentId', 'name']);
    // The name shown is the stored one, not what the file says.
    expect(body.rows.map((r) => [r.values.studentId, r.values.name]).sort()).toEqual(roster.map((s) => [s.ref, s.name]).sort());
    const stored = await upload(teacher.auth, exam._id, filled);
    expect(stored.json(), stored.body).toMatchObject({ created: 3, updated: 0 });
    expect(await countRows(t.ctx, 'exam_marks', `exam_id = '${exam._id}'`)).toBe(3);
  });

  it('previews names beside IDs even when the file has no Name column', async () => {
    const { teacher, c, exam } = await examFixture(1);
    const s = c.students[0]!.user;
    const res = await upload(teacher.auth, exam._id, csvOf([['Roll No', 'Marks'], [s.email, '30']]), { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().columns).toEqual(['studentId', 'name', 'marks']);
    expect(res.json().rows[0].values).toEqual({ studentId: s.email, name: s.name, marks: '30' });
  });

  it('refuses other teachers, students, unknown exams and unknown formats', async () => {
    const { teacher, c, exam } = await examFixture(1);
    const other = await person(t, 'Teacher');
    const mine = await call('GET', `/assesment/exams/${exam._id}/template`, other.auth);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(MSG.examNotYours);
    expect((await call('GET', `/assesment/exams/${exam._id}/template`, c.students[0]!.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/assesment/exams/${exam._id}/template` })).statusCode).toBe(401);
    expect((await call('GET', `/assesment/exams/${crypto.randomUUID()}/template`, teacher.auth)).statusCode).toBe(404);
    const bad = await call('GET', `/assesment/exams/${exam._id}/template?format=pdf`, teacher.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'format', message: MSG.templateFormat });
    // Admin may fetch any exam's template.
    expect((await call('GET', `/assesment/exams/${exam._id}/template?format=xlsx`, admin)).statusCode).toBe(200);
  });
});

describe('publishing', () => {
  it('writes its audit entry, shows the result and a bell notice to the student; withdrawing hides both', async () => {
    const ip = freshIp();
    const { teacher, c, exam } = await examFixture(2);
    const [student, classmate] = c.students;
    const outsider = await person(t, 'Student');
    await upload(teacher.auth, exam._id, csvOf([['Student ID', 'Marks'], [student!.user.email, '40'], [classmate!.user.email, 'AB']]));

    // Draft: nothing for the student yet.
    const draft = (await call('GET', '/results/me', student!.auth)).json() as Results;
    expect(draft.subjects).toEqual([]);
    const unreadBefore = ((await call('GET', '/notices', student!.auth)).json() as MyNotices).unread;

    const published = await call('POST', `/assesment/exams/${exam._id}/publish`, teacher.auth, ip, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ message: MSG.examPublished, exam: { published: true } });

    const entry = await only('marks.published', ip);
    expect(entry.actor).toMatchObject({ id: teacher.user.id, email: teacher.user.email, name: teacher.user.name });
    expect(entry.target).toEqual({ type: 'exam', id: exam._id, label: `Mid-term 1 (${exam.label})` });
    expect(entry.changes).toEqual({ published: { from: false, to: true } });
    expect(entry.details).toMatchObject({ marks: 2, students: 2, section: c.section.name });
    expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);

    // The student sees the result (40 of 50 = 80%) ...
    const results = (await call('GET', '/results/me', student!.auth)).json() as Results;
    expect(results.subjects).toHaveLength(1);
    expect(results.subjects[0]).toMatchObject({ code: c.subject.code, percent: 80 });
    expect(results.subjects[0]!.exams).toEqual([expect.objectContaining({ _id: exam._id, marks: 40, absent: false })]);
    // ... and a notice in their bell; so does the classmate; a student of another section does not.
    const title = MSG.resultsNoticeTitle('Mid-term 1', c.subject.code);
    const mine = (await call('GET', '/notices', student!.auth)).json() as MyNotices;
    expect(mine.unread).toBe(unreadBefore + 1);
    const notice = mine.notices.find((n) => n.title === title);
    expect(notice).toMatchObject({ unread: true, author: teacher.user.name });
    expect(notice!.bodyHtml).toContain('<strong>Results</strong>');
    expect(((await call('GET', '/notices', classmate!.auth)).json() as MyNotices).notices.map((n) => n.title)).toContain(title);
    expect(((await call('GET', '/notices', outsider.auth)).json() as MyNotices).notices.map((n) => n.title)).not.toContain(title);

    // Publishing again changes nothing: no second entry, no second notice.
    expect((await call('POST', `/assesment/exams/${exam._id}/publish`, teacher.auth, ip, {})).statusCode).toBe(200);
    expect(await entries('marks.published', ip)).toHaveLength(1);
    expect(((await call('GET', '/notices', student!.auth)).json() as MyNotices).notices.filter((n) => n.title === title)).toHaveLength(1);

    // Withdrawing: its own entry, the result and the notice are gone.
    const withdrawn = await call('POST', `/assesment/exams/${exam._id}/publish`, teacher.auth, ip, { published: false });
    expect(withdrawn.json()).toMatchObject({ message: MSG.examUnpublished, exam: { published: false } });
    const off = await only('marks.unpublished', ip);
    expect(off.changes).toEqual({ published: { from: true, to: false } });
    expect(off.actor?.id).toBe(teacher.user.id);
    expect(((await call('GET', '/results/me', student!.auth)).json() as Results).subjects).toEqual([]);
    const after = (await call('GET', '/notices', student!.auth)).json() as MyNotices;
    expect(after.notices.map((n) => n.title)).not.toContain(title);
    expect(after.unread).toBe(unreadBefore);
  });

  it('a failed publish writes nothing; deleting a published exam removes its notice', async () => {
    const ip = freshIp();
    const { teacher, c, exam } = await examFixture(1);
    const other = await person(t, 'Teacher');
    expect((await call('POST', `/assesment/exams/${exam._id}/publish`, other.auth, ip, {})).statusCode).toBe(403);
    expect(await entries('marks.published', ip)).toEqual([]);

    expect((await call('POST', `/assesment/exams/${exam._id}/publish`, teacher.auth, ip, {})).statusCode).toBe(200);
    const title = MSG.resultsNoticeTitle('Mid-term 1', c.subject.code);
    expect(((await call('GET', '/notices', c.students[0]!.auth)).json() as MyNotices).notices.map((n) => n.title)).toContain(title);
    expect((await call('DELETE', `/assesment/exams/${exam._id}`, teacher.auth, ip)).statusCode).toBe(200);
    expect(((await call('GET', '/notices', c.students[0]!.auth)).json() as MyNotices).notices.map((n) => n.title)).not.toContain(title);
  });
});

describe('audit of exams and marks', () => {
  it('records exam create, edit (changed fields only) and delete with actor and address', async () => {
    const ip = freshIp();
    const { teacher, exam } = await examFixture(0, ip);
    const created = await only('exam.created', ip);
    expect(created.actor).toMatchObject({ id: teacher.user.id, email: teacher.user.email });
    expect(created.target).toEqual({ type: 'exam', id: exam._id, label: `Mid-term 1 (${exam.label})` });
    expect(created.details).toMatchObject({ kind: 'mid-term', maxMarks: 50, weight: 40, date: today() });

    expect((await call('PATCH', `/assesment/exams/${exam._id}`, teacher.auth, ip, { name: 'Mid-term I', weight: 40, maxMarks: 60 })).statusCode).toBe(200);
    const edited = await only('exam.updated', ip);
    expect(edited.target?.label).toBe(`Mid-term I (${exam.label})`);
    expect(edited.changes).toEqual({ name: { from: 'Mid-term 1', to: 'Mid-term I' }, maxMarks: { from: 50, to: 60 } });
    // An edit that changes nothing, and a refused one, leave no entry.
    expect((await call('PATCH', `/assesment/exams/${exam._id}`, teacher.auth, ip, { weight: 40 })).statusCode).toBe(200);
    expect((await call('PATCH', `/assesment/exams/${exam._id}`, teacher.auth, ip, { maxMarks: 0 })).statusCode).toBe(400);
    expect(await entries('exam.updated', ip)).toHaveLength(1);

    expect((await call('DELETE', `/assesment/exams/${exam._id}`, teacher.auth, ip)).statusCode).toBe(200);
    const deleted = (await entries('record.deleted', ip)).filter((e) => e.target?.id === exam._id);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.target).toEqual({ type: 'exam', id: exam._id, label: `Mid-term I (${exam.label})` });
    expect(deleted[0]!.actor?.id).toBe(teacher.user.id);
  });

  it('records an upload, then a replace with how many marks changed, and grid saves that change something', async () => {
    const ip = freshIp();
    const { teacher, c, exam } = await examFixture(3);
    const [a, b, d] = c.students.map((s) => s.user);

    // A dry run writes no entry; the first real upload is 'marks.uploaded'.
    await upload(teacher.auth, exam._id, csvOf([['Student ID', 'Marks'], [a!.email, '10'], [b!.email, '20']]), { dryRun: true, ip });
    expect(await entries('marks.uploaded', ip)).toEqual([]);
    const first = await upload(teacher.auth, exam._id, csvOf([['Student ID', 'Marks'], [a!.email, '10'], [b!.email, '20']]), { ip, filename: 'first.csv' });
    expect(first.statusCode, first.body).toBe(200);
    const uploaded = await only('marks.uploaded', ip);
    expect(uploaded.actor?.id).toBe(teacher.user.id);
    expect(uploaded.target?.id).toBe(exam._id);
    expect(uploaded.details).toMatchObject({ file: 'first.csv', rows: 2, added: 2, changed: 0, removed: 0, published: false });

    // The replace: a unchanged, b changed, d added; nobody removed. Then one that drops a and d.
    await upload(teacher.auth, exam._id, csvOf([['Student ID', 'Marks'], [a!.email, '10'], [b!.email, '25'], [d!.email, 'AB']]), { ip, filename: 'second.csv' });
    const replaced = await only('marks.replaced', ip);
    expect(replaced.details).toMatchObject({ file: 'second.csv', rows: 3, added: 1, changed: 1, unchanged: 1, removed: 0 });
    await upload(teacher.auth, exam._id, csvOf([['Student ID', 'Marks'], [b!.email, '25']]), { ip, filename: 'third.csv' });
    const third = (await entries('marks.replaced', ip)).find((e) => e.details.file === 'third.csv');
    expect(third?.details).toMatchObject({ rows: 1, added: 0, changed: 0, unchanged: 1, removed: 2 });

    // A refused upload (a row above the maximum) writes no entry.
    expect((await upload(teacher.auth, exam._id, csvOf([['Student ID', 'Marks'], [a!.email, '99']]), { ip })).statusCode).toBe(422);
    expect(await entries('marks.replaced', ip)).toHaveLength(2);

    // The grid: entering one, changing one, clearing one; then a save that changes nothing leaves no entry.
    const save = (marks: unknown[]) => call('PUT', `/assesment/exams/${exam._id}/marks`, teacher.auth, ip, { marks });
    expect((await save([{ studentId: a!.id, marks: 12 }])).statusCode).toBe(200);
    expect((await save([{ studentId: b!.id, marks: 30 }, { studentId: a!.id, marks: null }])).statusCode).toBe(200);
    expect((await save([{ studentId: b!.id, marks: 30 }])).statusCode).toBe(200);
    const saves = await entries('marks.saved', ip);
    expect(saves.map((e) => e.details).reverse()).toEqual([
      { entered: 1, changed: 0, cleared: 0, published: false },
      { entered: 0, changed: 1, cleared: 1, published: false },
    ]);
  });
});
