// Grade cards and transcripts (issue 27 item 6): who may download them, only published results
// printed, the PDF (fonts embedded, its title and CGPA, the verify link over its QR code; read back
// by pdfjs-dist: its text names the student, each term's SGPA and the CGPA, and its rendered QR
// code decodes to the verify page), verification, revocation, the section batch and the audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Department, Section, Subject } from '@crs/shared/schemas/academics';
import type { Exam } from '@crs/shared/schemas/assessment';
import type { Issued, TranscriptDocument, TranscriptVerifyResult } from '@crs/shared/schemas/transcripts';
import { apiOn, createTestApp } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { readPdf } from '../../../test/pdf.ts';
import { countRows } from '../../../test/util.ts';
import { collegeClock } from '../../lib/time.ts';
import { person, post } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

let t: TestApp;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
});
afterAll(() => t.close());

const api = apiOn(() => t.app);
const today = () => collegeClock(t.ctx.config.timeZone).date;
let n = 0;

/**
 * Two terms of one department: semester 1 (last year, one 4-credit subject, published) and
 * semester 3 (this year: a 3-credit subject published, a 2-credit subject whose only exam is not).
 * Each student scores `scores[i]` % in every exam of semester 1, `later[i]` % in semester 3's.
 */
async function twoTerms(scores: number[], later: number[] = scores) {
  const k = `${Date.now().toString(36).slice(-5)}${n++}`.toUpperCase();
  const teacher = await person(t, 'Teacher');
  const { department } = await post<{ department: Department }>(t, admin, '/academics/departments', { code: `T${k}`, name: `Transcripts ${k}` });
  const subject = async (code: string, semester: number, credits: number) =>
    (await post<{ subject: Subject }>(t, admin, '/academics/subjects', { code: `${code}${k}`, name: `Subject ${code} ${k}`, departmentId: department._id, semester, credits })).subject;
  const s1 = await subject('A', 1, 4);
  const s3 = await subject('B', 3, 3);
  const hidden = await subject('C', 3, 2);
  const section = async (name: string, semester: number, academicYear: string) =>
    (await post<{ section: Section }>(t, admin, '/academics/sections', { name: `${name}${k}`, departmentId: department._id, semester, academicYear })).section;
  const first = await section('Y1', 1, '2025-26');
  const third = await section('Y3', 3, '2026-27');
  const students: Array<Awaited<ReturnType<typeof person>>> = [];
  for (let i = 0; i < scores.length; i++) students.push(await person(t, 'Student', `Learner ${k} ${i}`));
  for (const sec of [first, third]) await post(t, admin, `/academics/sections/${sec._id}/students`, { studentIds: students.map((s) => s.user.id) }, 200);
  for (const [sub, sec] of [
    [s1, first],
    [s3, third],
    [hidden, third],
  ] as const)
    await post(t, admin, '/academics/assignments', { teacherId: teacher.user.id, subjectId: sub._id, sectionId: sec._id });
  const exam = async (sub: Subject, sec: Section, publish: boolean, percents: number[]) => {
    const res = await api('POST', '/assesment/exams', teacher.auth, { name: 'End semester', kind: 'end-term', maxMarks: 100, weight: 100, date: today(), subjectId: sub._id, sectionId: sec._id });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().exam as Exam;
    const marks = await api('PUT', `/assesment/exams/${e._id}/marks`, teacher.auth, { marks: students.map((s, i) => ({ studentId: s.user.id, marks: percents[i] })) });
    expect(marks.statusCode, marks.body).toBe(200);
    if (publish) expect((await api('POST', `/assesment/exams/${e._id}/publish`, teacher.auth, {})).statusCode).toBe(200);
  };
  await exam(s1, first, true, scores);
  await exam(s3, third, true, later);
  await exam(hidden, third, false, later);
  return { teacher, department, subjects: { s1, s3, hidden }, sections: { first, third }, students };
}

/** The PDF's document information (title, subject) and link annotations: plain strings in the file. */
const pdfInfo = (bytes: Buffer) => bytes.toString('latin1');
/** The verify link of the link annotation pdfkit puts over the QR code. */
const pdfLink = (bytes: Buffer) => {
  const m = /\/URI \((https?:\/\/[^)]+)\)/.exec(pdfInfo(bytes));
  expect(m, 'a link over the QR code').not.toBeNull();
  return m![1]!;
};

const tokenOf = (link: string) => {
  const m = new RegExp(`^${t.ctx.config.publicUrl.replace(/[.]/g, '\\.')}/verify/transcripts/([A-Za-z0-9_-]{43})$`).exec(link);
  expect(m, link).not.toBeNull();
  return m![1]!;
};
const verify = async (token: string) => {
  const res = await t.app.inject({ url: `/api/v1/transcripts/verify/${token}` });
  expect(res.statusCode).toBe(200);
  return res.json() as TranscriptVerifyResult;
};

// Drawing PDFs takes seconds on a loaded machine.
describe('grade cards and transcripts', { timeout: 120_000 }, () => {
  it('prints only published results: a transcript of both terms (SGPA, CGPA, credits), a grade card per term', async () => {
    const c = await twoTerms([85, 55]);
    const me = c.students[0]!;
    const res = await api('GET', `/students/${me.user.id}/transcript`, me.auth);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as TranscriptDocument;
    // 85 % is 9 grade points on the default scale; the unpublished subject is absent everywhere.
    expect(doc).toMatchObject({ kind: 'transcript', student: { id: me.user.id, name: me.user.name, studentId: me.user.studentId, department: c.department.name }, cgpa: 9, totalCredits: 7 });
    expect(doc.terms.map((x) => [x.term, x.sgpa, x.credits, x.subjects.map((s) => s.code)])).toEqual([
      [1, 9, 4, [c.subjects.s1.code]],
      [3, 9, 3, [c.subjects.s3.code]],
    ]);
    expect(JSON.stringify(doc)).not.toContain(c.subjects.hidden.code);

    const card = await api('GET', `/students/${me.user.studentId}/gradecards/3`, me.auth);
    expect(card.statusCode).toBe(200);
    expect((card.json() as TranscriptDocument).terms.map((x) => x.term)).toEqual([3]);
    // A term with nothing published: 404 with the term's message; a term that is no semester: 400.
    const none = await api('GET', `/students/${me.user.id}/gradecards/5?format=pdf`, me.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.gradeCardTermNotPublished(5));
    expect((await api('GET', `/students/${me.user.id}/gradecards/11`, me.auth)).statusCode).toBe(400);
    // Nothing issued by reading the content.
    expect(await countRows(t.ctx, 'transcripts', `student_id = '${me.user.id}'`)).toBe(0);
  });

  it('only the student themself, their teachers and Admins download them (403 otherwise)', async () => {
    const c = await twoTerms([70, 60]);
    const [me, classmate] = c.students;
    const stranger = await person(t, 'Teacher');
    const theirs = await api('GET', `/students/${me!.user.id}/transcript?format=pdf`, classmate!.auth);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ code: 'NOT_YOUR_TRANSCRIPT', message: MSG.transcriptOwnOnly });
    expect((await api('GET', `/students/${me!.user.id}/gradecards/1?format=pdf`, classmate!.auth)).statusCode).toBe(403);
    const notTaught = await api('GET', `/students/${me!.user.id}/transcript`, stranger.auth);
    expect(notTaught.statusCode).toBe(403);
    expect(notTaught.json().message).toBe(MSG.transcriptNotYourStudent);
    expect((await api('GET', `/students/${me!.user.id}/transcript`, c.teacher.auth)).statusCode).toBe(200);
    expect((await api('GET', `/students/${me!.user.id}/transcript`, admin)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/students/${me!.user.id}/transcript` })).statusCode).toBe(401);
    // Refusals issue nothing.
    expect(await countRows(t.ctx, 'transcripts', `student_id = '${me!.user.id}'`)).toBe(0);
  });

  it('the PDF embeds its fonts, names the student and the CGPA, links its QR code to the verify page; revoking makes it invalid', async () => {
    const c = await twoTerms([85]);
    const me = c.students[0]!;
    const res = await t.app.inject({ url: `/api/v1/students/${me.user.id}/transcript?format=pdf`, headers: me.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="transcript-${me.user.studentId}\\.pdf"`));
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Fonts embedded (the text is real text); the title names the student, the subject says the CGPA.
    expect(pdf.includes(Buffer.from('DejaVuSans'))).toBe(true);
    expect(pdfInfo(pdf)).toContain(`(Transcript ${me.user.studentId} ${me.user.name})`);
    expect(pdfInfo(pdf)).toContain('(CGPA 9.00)');
    const link = pdfLink(pdf);
    const token = tokenOf(link);
    const verified = await verify(token);
    expect(verified).toMatchObject({ valid: true, status: 'valid', name: me.user.name, studentId: me.user.studentId, cgpa: 9 });
    expect(Object.keys(verified).sort()).toEqual(['cgpa', 'issuedAt', 'name', 'status', 'studentId', 'valid']);
    // The issue is audited, by its issuer (here the student).
    const issued = (await api('GET', `/students/${me.user.id}/transcripts/issued`, admin)).json().issued as Issued[];
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: 'transcript', term: null, cgpa: 9, revokedAt: null });
    expect(await countRows(t.ctx, 'audit_log', `target_id = '${issued[0]!._id}'`)).toBe(1);

    // Only an Admin revokes; then verification says invalid and nothing else; a second revoke is 409.
    expect((await api('POST', `/transcripts/${issued[0]!._id}/revoke`, me.auth, {})).statusCode).toBe(403);
    const revoked = await api('POST', `/transcripts/${issued[0]!._id}/revoke`, admin, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe(MSG.transcriptRevoked);
    expect(await verify(token)).toEqual({ valid: false, status: 'invalid', name: null, studentId: null, issuedAt: null, cgpa: null });
    const again = await api('POST', `/transcripts/${issued[0]!._id}/revoke`, admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.transcriptAlreadyRevoked);
    expect((await api('POST', `/transcripts/00000000-0000-4000-8000-000000000000/revoke`, admin, {})).statusCode).toBe(404);
    expect(await countRows(t.ctx, 'audit_log', `target_id = '${issued[0]!._id}'`)).toBe(2);
    // Unknown and malformed tokens: invalid.
    expect((await verify('A'.repeat(43))).valid).toBe(false);
    expect((await verify('nope')).valid).toBe(false);
  });

  it("read back by a PDF reader: real text naming the student, each term's SGPA and the CGPA; the drawn QR code scans to this transcript's verify page", async () => {
    const c = await twoTerms([85], [62]);
    const me = c.students[0]!;
    const doc = (await api('GET', `/students/${me.user.id}/transcript`, me.auth)).json() as TranscriptDocument;
    // Two terms with different SGPAs, so each one printed is the term's own.
    expect(doc.terms.map((x) => x.term)).toEqual([1, 3]);
    expect(doc.terms[0]!.sgpa).not.toBe(doc.terms[1]!.sgpa);
    const res = await t.app.inject({ url: `/api/v1/students/${me.user.id}/transcript?format=pdf`, headers: me.auth });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    try {
      expect(pdf.pages).toBe(1);
      const text = await pdf.text(1);
      expect(text).toContain(me.user.name);
      expect(text).toContain(me.user.studentId!);
      expect(text).toContain(c.department.name);
      // In reading order: each term's heading, its subject, its SGPA; then the CGPA over both.
      const [first, third] = doc.terms as [TranscriptDocument['terms'][number], TranscriptDocument['terms'][number]];
      const order = [`Semester 1`, c.subjects.s1.code, `SGPA ${first.sgpa!.toFixed(2)}`, `Semester 3`, c.subjects.s3.code, `SGPA ${third.sgpa!.toFixed(2)}`, `CGPA ${doc.cgpa!.toFixed(2)}`];
      let at = 0;
      for (const part of order) {
        const found = text.indexOf(part, at);
        expect(found, `"${part}" after position ${at} in: ${text}`).toBeGreaterThanOrEqual(0);
        at = found + part.length;
      }
      expect(text).not.toContain(c.subjects.hidden.code);
      // The QR code, rendered as pixels and scanned (its top third holds it): this transcript's public verify page.
      const scanned = await pdf.qr(1, 1 / 3);
      expect(scanned).not.toBeNull();
      expect(scanned).toBe(pdfLink(res.rawPayload));
      const verified = await verify(tokenOf(scanned!));
      expect(verified).toMatchObject({ valid: true, status: 'valid', name: me.user.name, studentId: me.user.studentId, cgpa: doc.cgpa });
    } finally {
      await pdf.close();
    }
  });

  it('a grade card PDF shows one term and its own QR code; each download is a new verifiable record', async () => {
    const c = await twoTerms([55]);
    const me = c.students[0]!;
    const res = await t.app.inject({ url: `/api/v1/students/${me.user.id}/gradecards/1?format=pdf`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="gradecard-sem1-${me.user.studentId}\\.pdf"`));
    expect(pdfInfo(res.rawPayload)).toContain(`(Grade card ${me.user.studentId} ${me.user.name})`);
    // Its text: that term's subject and SGPA, not the other term's subject.
    const pdf = await readPdf(res.rawPayload);
    try {
      const text = await pdf.text(1);
      expect(text).toContain('GRADE CARD · SEMESTER 1');
      expect(text).toContain(me.user.name);
      expect(text).toContain(c.subjects.s1.code);
      expect(text).not.toContain(c.subjects.s3.code);
    } finally {
      await pdf.close();
    }
    const second = await t.app.inject({ url: `/api/v1/students/${me.user.id}/gradecards/1?format=pdf`, headers: admin });
    const [a, b] = [tokenOf(pdfLink(res.rawPayload)), tokenOf(pdfLink(second.rawPayload))];
    expect(a).not.toBe(b);
    expect((await verify(a)).valid && (await verify(b)).valid).toBe(true);
    expect(await countRows(t.ctx, 'transcripts', `student_id = '${me.user.id}'`)).toBe(2);
  });

  it("an Admin prints a section's transcripts or one term's grade cards as one PDF, one record per student", async () => {
    const c = await twoTerms([90, 65, 45]);
    const batch = (auth: Auth, body: object) => t.app.inject({ method: 'POST', url: '/api/v1/transcripts/generate', headers: auth, payload: body });
    expect((await batch(c.teacher.auth, { sectionId: c.sections.third._id, kind: 'transcript' })).statusCode).toBe(403);
    const noTerm = await batch(admin, { sectionId: c.sections.third._id, kind: 'gradecard' });
    expect(noTerm.statusCode).toBe(400);
    expect(noTerm.json().errors[0]).toMatchObject({ path: 'termId', message: MSG.transcriptBatchTermRequired });
    expect((await batch(admin, { sectionId: c.sections.third._id, kind: 'transcript', format: 'zip' })).statusCode).toBe(400);
    expect((await batch(admin, { sectionId: '00000000-0000-4000-8000-000000000000', kind: 'transcript' })).statusCode).toBe(404);

    const res = await batch(admin, { sectionId: c.sections.third._id, kind: 'transcript' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-document-count']).toBe('3');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // One verify link per student's document; one page each, naming its student.
    expect(pdfInfo(res.rawPayload).match(/\/URI \(/g)).toHaveLength(3);
    const pdf = await readPdf(res.rawPayload);
    try {
      expect(pdf.pages).toBe(3);
      const texts = await Promise.all([1, 2, 3].map((n) => pdf.text(n)));
      const named = texts.map((text) => c.students.filter((s) => text.includes(s.user.name)).length);
      expect(named).toEqual([1, 1, 1]);
    } finally {
      await pdf.close();
    }
    for (const s of c.students) expect(await countRows(t.ctx, 'transcripts', `student_id = '${s.user.id}'`)).toBe(1);

    const cards = await batch(admin, { sectionId: c.sections.first._id, kind: 'gradecard', termId: 1 });
    expect(cards.headers['x-document-count']).toBe('3');
    expect(pdfInfo(cards.rawPayload).match(/\/URI \(/g)).toHaveLength(3);
    const empty = await batch(admin, { sectionId: c.sections.first._id, kind: 'gradecard', termId: 4 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.transcriptBatchEmpty);
  });
});
