// The demo documents and ID cards (issue 13 item 3): a syllabus and notes per department, two
// circulars, and a card for every student of the demo student's section, usable at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '@crs/shared/schemas/docs';
import type { IdCardUrl } from '@crs/shared/schemas/idcards';
import { createTestApp, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx)).toBe(true);
}, 180_000);
afterAll(() => t.close());

const as = async (email: string) => {
  const { token, user } = await login(t.app, email, DEMO_PASSWORD);
  return { auth: { authorization: `Bearer ${token}` }, id: user._id };
};

describe('demo documents and ID cards', () => {
  it('publishes a syllabus and notes per department and two circulars; the demo student sees only their subjects’ notes', async () => {
    expect(await countRows(t.ctx, 'documents', `type = 'syllabus'`)).toBe(5);
    expect(await countRows(t.ctx, 'documents', `type = 'notes' and subject_id is not null`)).toBe(5);
    expect(await countRows(t.ctx, 'documents', `type = 'circular'`)).toBe(2);
    const student = await as('student@demo.crs');
    const docs = (await t.app.inject({ url: '/api/v1/docs?type=notes', headers: student.auth })).json().docs as Doc[];
    // The repository's CS301 notes and the demo teachers' seeded notes, all of CSE-3A's subjects.
    const codes = docs.map((d) => d.subject?.code);
    expect(codes).toContain('CS301');
    expect(codes.every((c) => c !== undefined && /^CS30[1-4]$/.test(c))).toBe(true);
    const admin = await as('admin@demo.crs');
    const all = (await t.app.inject({ url: '/api/v1/docs', headers: admin.auth })).json().docs as Doc[];
    expect(all.length).toBe(12 + (await countRows(t.ctx, 'materials')));
    const pdf = await t.app.inject({ url: docs[0]!.fileUrl });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('has a live ID card for each of the demo student’s 20 classmates, valid to the end of the academic year', async () => {
    expect(await countRows(t.ctx, 'id_cards', 'revoked_at is null')).toBe(20);
    const student = await as('student@demo.crs');
    const res = await t.app.inject({ url: `/api/v1/students/${student.id}/idcard`, headers: student.auth });
    expect(res.statusCode).toBe(200);
    expect((res.json() as IdCardUrl).validUntil).toBe('2027-06-30');
    expect((await t.app.inject({ url: (res.json() as IdCardUrl).url })).headers['content-type']).toBe('image/png');
  });
});
