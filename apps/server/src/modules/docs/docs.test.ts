// The document repository (issue 13 item 1): publishing by Admin/SuperAdmin only, type and content
// checks, who sees a subject's notes (list and file), teachers' materials in the list, edit, delete.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Doc } from '@crs/shared/schemas/docs';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, multipart } from '../../../test/util.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

const PDF = readFileSync(path.join(import.meta.dirname, 'seed/syllabus-cse.pdf'));

let t: TestApp;
let admin: Auth;
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
});
afterAll(() => t.close());

const upload = (auth: Auth, content: Buffer | undefined, fields: Record<string, string>, filename = 'doc.pdf') => {
  const form = multipart(content, filename, fields);
  return t.app.inject({ method: 'POST', url: '/api/v1/docs', headers: { ...auth, ...form.headers }, payload: form.payload });
};
const list = async (auth: Auth, query = '', v1 = false) => {
  const res = await t.app.inject({ url: `/api/v1${v1 ? '/v1' : ''}/docs${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().docs as Doc[];
};
const titled = (docs: Doc[], tag: string) => docs.filter((d) => d.title.includes(tag)).map((d) => d.title);
const tag = () => `T${process.pid % 1000}x${++serial}`;

describe('document repository', () => {
  it('Admin publishes; every signed-in user lists it (also at /v1/docs) and opens its signed link; search and type filter', async () => {
    const k = tag();
    const res = await upload(admin, PDF, { title: `Syllabus ${k}`, type: 'syllabus', description: 'Semester 3 and 5' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(MSG.docUploaded);
    const doc = res.json().doc as Doc;
    expect(doc).toMatchObject({ title: `Syllabus ${k}`, type: 'syllabus', source: 'repository', subject: null });
    await upload(admin, PDF, { title: `Circular ${k}`, type: 'circular' });

    const student = await person(t, 'Student');
    const seen = await list(student.auth, `?q=${k}`);
    expect(titled(seen, k)).toEqual([`Circular ${k}`, `Syllabus ${k}`]);
    expect(titled(await list(student.auth, `?q=${k}&type=circular`, true), k)).toEqual([`Circular ${k}`]);
    expect(titled(await list(student.auth, `?q=${k}&type=circular,syllabus`), k)).toHaveLength(2);
    expect(titled(await list(student.auth, `?q=${k}&type=notes`), k)).toEqual([]);
    const opened = await t.app.inject({ url: seen[1]!.fileUrl });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ url: '/api/v1/docs' })).statusCode).toBe(401);
  });

  it('refuses Students and Teachers, a bad type, a missing title or file, a subject on a circular, and wrong bytes (415), keeping nothing', async () => {
    const before = await countRows(t.ctx, 'files');
    const student = await person(t, 'Student');
    expect((await upload(student.auth, PDF, { title: 'Mine', type: 'notes' })).statusCode).toBe(403);
    expect((await upload((await person(t, 'Teacher')).auth, PDF, { title: 'Mine', type: 'notes' })).statusCode).toBe(403);
    const badType = await upload(admin, PDF, { title: 'Handbook', type: 'handbook' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(MSG.docTypeInvalid);
    const badQuery = await t.app.inject({ url: '/api/v1/docs?type=syllabus,handbook', headers: student.auth });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().message).toBe(MSG.docTypeInvalid);
    expect((await upload(admin, PDF, { title: ' ', type: 'syllabus' })).json().message).toBe(MSG.docTitleRequired);
    expect((await upload(admin, undefined, { title: 'No file', type: 'syllabus' })).json().message).toBe(MSG.fileRequired);
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 0);
    const subjectOnCircular = await upload(admin, PDF, { title: 'Circular', type: 'circular', subjectId: c.subject._id });
    expect(subjectOnCircular.statusCode).toBe(400);
    expect(subjectOnCircular.json().message).toBe(MSG.docSubjectOnlyNotes);
    const script = await upload(admin, Buffer.from('#!/bin/sh\nrm -rf /\n'), { title: 'Script', type: 'syllabus' }, 'syllabus.pdf');
    expect(script.statusCode).toBe(415);
    expect(await countRows(t.ctx, 'files')).toBe(before);
  });

  it("shows a subject's notes only to its sections' students, its teachers and staff — in the list and at the file", async () => {
    const k = tag();
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const notes = (await upload(admin, PDF, { title: `Notes ${k}`, type: 'notes', subjectId: c.subject._id })).json().doc as Doc;
    expect(notes.subject).toMatchObject({ _id: c.subject._id, code: c.subject.code });
    // A teacher's own materials join the list: research for everyone, notes like the repository's.
    const mForm = (title: string, subjectId?: string) => multipart(PDF, 'm.pdf', { title, description: '', ...(subjectId ? { subjectId } : {}) });
    for (const [title, subjectId] of [[`Material notes ${k}`, c.subject._id], [`Research ${k}`, undefined]] as const) {
      const f = mForm(title, subjectId);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/teachers/materials', headers: { ...teacher.auth, ...f.headers }, payload: f.payload })).statusCode).toBe(201);
    }
    const enrolled = c.students[0]!;
    const stranger = await person(t, 'Student');
    const staff = await loginAs(t, ['Staff']);
    const otherTeacher = await person(t, 'Teacher');
    expect(titled(await list(enrolled.auth, `?q=${k}`), k).sort()).toEqual([`Material notes ${k}`, `Notes ${k}`, `Research ${k}`]);
    expect(titled(await list(teacher.auth, `?q=${k}`), k)).toHaveLength(3);
    expect(titled(await list(staff.auth, `?q=${k}`), k)).toHaveLength(3);
    expect(titled(await list(stranger.auth, `?q=${k}`), k)).toEqual([`Research ${k}`]);
    expect(titled(await list(otherTeacher.auth, `?q=${k}`), k)).toEqual([`Research ${k}`]);
    const research = (await list(stranger.auth, `?q=${k}`))[0]!;
    expect(research).toMatchObject({ type: 'researches', source: 'material' });
    // The file itself, with a bearer token instead of the signed link.
    const bare = notes.file.url.split('?')[0]!;
    expect((await t.app.inject({ url: bare, headers: enrolled.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: bare, headers: stranger.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: bare, headers: staff.auth })).statusCode).toBe(200);
  });

  it("lists a student's notes however many newer materials other subjects have (the subject filter comes before the 500 limit)", async () => {
    const k = tag();
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const f = multipart(PDF, 'm.pdf', { title: `Old notes ${k}`, description: '', subjectId: c.subject._id });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/teachers/materials', headers: { ...teacher.auth, ...f.headers }, payload: f.payload })).statusCode).toBe(201);
    // 500 newer notes of another subject, with their file rows (no bytes are read by the list).
    const other = await assignmentFixture(t, admin, teacher.user.id, 1);
    await t.ctx.database.executeSql(
      `with f as (
         insert into files (purpose, owner_id, storage_key, filename, mime_type, size, sha256, created_at)
         select 'material', '${teacher.user.id}', 'bulk-${k}-' || g, 'n.pdf', 'application/pdf', 1, '', now() + interval '1 minute'
         from generate_series(1, 500) g returning id
       )
       insert into materials (teacher_id, subject_id, file_id, title, created_at)
       select '${teacher.user.id}', '${other.subject._id}', f.id, 'Newer notes ${k}', now() + interval '1 minute' from f`,
    );
    const enrolled = c.students[0]!;
    expect(titled(await list(enrolled.auth, `?q=${k}`), k)).toEqual([`Old notes ${k}`]);
    expect(titled(await list(enrolled.auth), `Old notes ${k}`)).toEqual([`Old notes ${k}`]);
  });

  it('Admin edits and deletes; the file goes with the document', async () => {
    const k = tag();
    const doc = (await upload(admin, PDF, { title: `Draft ${k}`, type: 'circular' })).json().doc as Doc;
    const student = await person(t, 'Student');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/docs/${doc._id}`, headers: student.auth, payload: { title: 'Mine' } })).statusCode).toBe(403);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/v1/docs/${doc._id}`, headers: admin, payload: { title: `Final ${k}`, type: 'syllabus' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ message: MSG.docUpdated, doc: { title: `Final ${k}`, type: 'syllabus' } });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/docs/${doc._id}`, headers: admin, payload: { type: 'memo' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/docs/${doc._id}`, headers: student.auth })).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/docs/${doc._id}`, headers: admin });
    expect(del.json().message).toBe(MSG.docDeleted);
    expect(await countRows(t.ctx, 'files', `id = '${doc.file._id}'`)).toBe(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/docs/${doc._id}`, headers: admin })).statusCode).toBe(404);
    expect(titled(await list(student.auth, `?q=${k}`), k)).toEqual([]);
  });
});
