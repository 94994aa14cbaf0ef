// Teaching materials (issue 12 item 7): upload with the subject rules, type and size checks,
// who may open a material's file, list and delete.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Material } from '@crs/shared/schemas/materials';
import { createTestApp } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, multipart } from '../../../test/util.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

const PDF = readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/files/marks.pdf'));
let t: TestApp;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
});
afterAll(() => t.close());

const upload = (auth: Auth, content: Buffer | undefined, fields: Record<string, string>, filename = 'notes.pdf') => {
  const form = multipart(content, filename, fields);
  return t.app.inject({ method: 'POST', url: '/api/v1/teachers/materials', headers: { ...auth, ...form.headers }, payload: form.payload });
};
const open = (url: string, auth?: Auth) => t.app.inject({ url: url.split('?')[0]!, headers: auth ?? {} });

describe('materials', () => {
  it('keeps notes for a taught subject and research; opens notes to the subject\'s students only', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const notes = await upload(teacher.auth, PDF, { title: 'Unit 1 notes', description: 'Arrays and lists', subjectId: c.subject._id });
    expect(notes.statusCode, notes.body).toBe(201);
    const m = notes.json().material as Material;
    expect(notes.json().message).toBe(MSG.materialUploaded);
    expect(m).toMatchObject({ title: 'Unit 1 notes', type: 'notes', subject: { code: c.subject.code } });
    const research = (await upload(teacher.auth, PDF, { title: 'Paper on graph colouring', description: '' })).json().material as Material;
    expect(research.type).toBe('researches');

    // Readers: the section's student opens the notes; another student does not; research is open to anyone signed in.
    const stranger = await person(t, 'Student');
    expect((await open(m.file.url, c.students[0]!.auth)).statusCode).toBe(200);
    expect((await open(m.file.url, stranger.auth)).statusCode).toBe(403);
    expect((await open(research.file.url, stranger.auth)).statusCode).toBe(200);
    // The signed link in the list opens without a token.
    expect((await t.app.inject({ url: m.fileUrl })).statusCode).toBe(200);

    const list = (await t.app.inject({ url: '/api/v1/teachers/materials', headers: teacher.auth })).json().materials as Material[];
    expect(list.map((x) => x._id)).toEqual([research._id, m._id]);
    const other = await person(t, 'Teacher');
    expect((await t.app.inject({ url: '/api/v1/teachers/materials', headers: other.auth })).json().materials).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/teachers/materials/${m._id}`, headers: other.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/teachers/materials/${m._id}`, headers: teacher.auth })).statusCode).toBe(200);
    expect(await countRows(t.ctx, 'files', `id = '${m.file._id}'`)).toBe(0);
    expect((await open(m.file.url, teacher.auth)).statusCode).toBe(404);
  });

  it('refuses a missing title or file, another\'s subject, a wrong type (415) and an oversize file (413), keeping nothing', async () => {
    const teacher = await person(t, 'Teacher');
    const other = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, other.user.id, 0);
    const before = await countRows(t.ctx, 'files');
    const noTitle = await upload(teacher.auth, PDF, { title: ' ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(MSG.materialTitleRequired);
    const noFile = await upload(teacher.auth, undefined, { title: 'Notes' });
    expect(noFile.json().message).toBe(MSG.fileRequired);
    expect((await upload(teacher.auth, PDF, { title: 'Notes', subjectId: c.subject._id })).statusCode).toBe(403);
    expect((await upload(teacher.auth, Buffer.from('#!/bin/sh\necho hi\n'), { title: 'Script' }, 'notes.pdf')).statusCode).toBe(415);
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 + 1 - PDF.length)]);
    expect((await upload(teacher.auth, big, { title: 'Huge' })).statusCode).toBe(413);
    expect((await upload((await person(t, 'Student')).auth, PDF, { title: 'Mine' })).statusCode).toBe(403);
    expect(await countRows(t.ctx, 'files')).toBe(before);
    expect(await countRows(t.ctx, 'materials', `teacher_id = '${teacher.user.id}'`)).toBe(0);
  });
});
