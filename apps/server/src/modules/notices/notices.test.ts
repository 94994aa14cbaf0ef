// Notices (issue 13 item 3): who publishes, who reads what (roles, departments, sections, expiry),
// ordering, unread marks, edit/delete ownership, attachments readable by the audience only, and
// Markdown that cannot carry markup of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { myNoticesResponse, noticeResponse } from '@crs/shared/schemas/notices';
import type { Notice } from '@crs/shared/schemas/notices';
import { apiOn, createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, multipart } from '../../../test/util.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

const PDF = readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/files/marks.pdf'));
let t: TestApp;
let admin: Auth;
let staff: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  staff = (await loginAs(t, ['Staff'])).auth;
});
afterAll(() => t.close());

const today = () => collegeClock(t.ctx.config.timeZone).date;
const api = apiOn(() => t.app);
async function publish(auth: Auth, body: Record<string, unknown>): Promise<Notice> {
  const res = await api('POST', '/notices', auth, { title: 'Notice', body: 'Text', ...body });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(MSG.noticeCreated);
  return noticeResponse.parse(res.json()).notice;
}
async function mine(auth: Auth) {
  const res = await api('GET', '/notices', auth);
  expect(res.statusCode, res.body).toBe(200);
  return myNoticesResponse.parse(res.json());
}
const ids = (list: Notice[]) => list.map((n) => n._id);

describe('notices', () => {
  it('reaches exactly its audience: roles, departments, sections; expired ones drop out', async () => {
    const teacher = await person(t, 'Teacher');
    const a = await assignmentFixture(t, admin, teacher.user.id, 1);
    const b = await assignmentFixture(t, admin, (await person(t, 'Teacher')).user.id, 1);
    const studentA = a.students[0]!.auth;
    const studentB = b.students[0]!.auth;
    const tag = `aud${Date.now()}`;

    const everyone = await publish(staff, { title: `${tag} everyone` });
    const students = await publish(staff, { title: `${tag} students`, audience: { roles: ['Student'] } });
    const deptA = await publish(staff, { title: `${tag} dept A`, audience: { departmentIds: [a.department._id] } });
    const sectionB = await publish(admin, { title: `${tag} section B`, audience: { roles: ['Student'], sectionIds: [b.section._id] } });
    const faculty = await publish(admin, { title: `${tag} faculty`, audience: { roles: ['Teacher', 'Staff'] } });
    const expired = await publish(staff, { title: `${tag} expired`, expiresOn: addDays(today(), -1) });
    const lastDay = await publish(staff, { title: `${tag} last day`, expiresOn: today() });

    const seen = async (auth: Auth) => ids((await mine(auth)).notices).filter((id) => [everyone, students, deptA, sectionB, faculty, expired, lastDay].some((n) => n._id === id));
    // A student of department A: everyone, students, dept A, last day — not section B's, faculty's or the expired one.
    expect(new Set(await seen(studentA))).toEqual(new Set([everyone._id, students._id, deptA._id, lastDay._id]));
    // A student of section B: never department A's notice.
    expect(new Set(await seen(studentB))).toEqual(new Set([everyone._id, students._id, sectionB._id, lastDay._id]));
    // A teacher of department A (through what they teach): dept A and faculty, not the students' ones.
    expect(new Set(await seen(teacher.auth))).toEqual(new Set([everyone._id, deptA._id, faculty._id, lastDay._id]));
    // Marking read a notice not meant for you is a 404 (as if it did not exist).
    expect((await api('POST', `/notices/${deptA._id}/read`, studentB)).statusCode).toBe(404);
    expect((await api('POST', `/notices/${expired._id}/read`, studentA)).statusCode).toBe(404);

    // Publishers see every notice (expired flagged) on the manage list.
    const all = (await api('GET', '/notices/manage', staff)).json().notices as Notice[];
    expect(all.find((n) => n._id === expired._id)).toMatchObject({ expired: true, unread: false });
    // 'unread' on the board only for what is addressed to the caller (their bell's count).
    expect(all.find((n) => n._id === everyone._id)).toMatchObject({ unread: true });
    expect(all.find((n) => n._id === students._id)).toMatchObject({ unread: false });
    expect(all.find((n) => n._id === lastDay._id)).toMatchObject({ expired: false });
    expect((await api('GET', '/notices/manage', studentA)).statusCode).toBe(403);
  });

  it('lists pinned first then newest, marks unread until read (twice is fine)', async () => {
    const student = await loginAs(t, ['Student']);
    const before = await mine(student.auth);
    const older = await publish(staff, { title: 'Older', audience: { roles: ['Student'] } });
    const pinned = await publish(staff, { title: 'Pinned', pinned: true, audience: { roles: ['Student'] } });
    const newer = await publish(staff, { title: 'Newer', audience: { roles: ['Student'] } });
    const list = await mine(student.auth);
    const order = ids(list.notices).filter((id) => [older._id, pinned._id, newer._id].includes(id));
    expect(order).toEqual([pinned._id, newer._id, older._id]);
    expect(list.unread).toBe(before.unread + 3);
    expect(list.notices.find((n) => n._id === newer._id)!.unread).toBe(true);

    const read = await api('POST', `/notices/${newer._id}/read`, student.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json().message).toBe(MSG.noticeRead);
    expect((await api('POST', `/notices/${newer._id}/read`, student.auth)).statusCode).toBe(200);
    const after = await mine(student.auth);
    expect(after.unread).toBe(before.unread + 2);
    expect(after.notices.find((n) => n._id === newer._id)!.unread).toBe(false);
    // Another reader's marks are their own.
    const other = await loginAs(t, ['Student']);
    expect((await mine(other.auth)).notices.find((n) => n._id === newer._id)!.unread).toBe(true);
  });

  it('lets only Staff, Admin and SuperAdmin publish; only the author or an admin edit and delete', async () => {
    const student = await loginAs(t, ['Student']);
    const teacher = await loginAs(t, ['Teacher']);
    for (const auth of [student.auth, teacher.auth]) {
      expect((await api('POST', '/notices', auth, { title: 'Mine', body: 'x' })).statusCode).toBe(403);
    }
    expect((await api('POST', '/notices', {}, { title: 'Mine', body: 'x' })).statusCode).toBe(401);
    // The audience picker's options: publishers only.
    const c = await assignmentFixture(t, admin, (await person(t, 'Teacher')).user.id, 0);
    const options = await api('GET', '/notices/audiences', staff);
    expect(options.statusCode).toBe(200);
    expect(options.json().departments).toContainEqual({ _id: c.department._id, code: c.department.code, name: c.department.name });
    expect(options.json().sections).toContainEqual({ _id: c.section._id, name: c.section.name, department: c.department.code });
    expect((await api('GET', '/notices/audiences', student.auth)).statusCode).toBe(403);
    const superadmin = await loginAs(t, ['SuperAdmin']);
    const n = await publish(superadmin.auth, { title: 'From the principal' });
    const own = await publish(staff, { title: 'Staff notice' });
    expect(own.editable).toBe(true);

    const otherStaff = await loginAs(t, ['Staff']);
    expect((await api('PATCH', `/notices/${own._id}`, otherStaff.auth, { title: 'Hijack' })).statusCode).toBe(403);
    expect((await api('DELETE', `/notices/${own._id}`, otherStaff.auth)).statusCode).toBe(403);
    expect((await api('PATCH', `/notices/${own._id}`, student.auth, { title: 'Hijack' })).statusCode).toBe(403);
    const edited = await api('PATCH', `/notices/${own._id}`, admin, { title: 'Edited by admin', pinned: true, audience: { roles: ['Teacher'] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: MSG.noticeUpdated, notice: { title: 'Edited by admin', pinned: true, audience: { roles: ['Teacher'] } } });
    expect((await api('DELETE', `/notices/${n._id}`, staff)).statusCode).toBe(403);
    const del = await api('DELETE', `/notices/${n._id}`, superadmin.auth);
    expect(del.json()).toEqual({ message: MSG.noticeDeleted });
    expect((await api('DELETE', `/notices/${n._id}`, superadmin.auth)).statusCode).toBe(404);
    expect((await api('PATCH', '/notices/not-a-uuid', admin, { title: 'x' })).json().message).toBe(MSG.noticeNotFound);
  });

  it('refuses bad input with the form texts and unknown departments or sections', async () => {
    const bad = async (body: object, message: string) => {
      const res = await api('POST', '/notices', staff, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    const before = await countRows(t.ctx, 'notices');
    await bad({ title: ' ', body: 'x' }, MSG.noticeTitleRequired);
    await bad({ title: 'T', body: '' }, MSG.noticeBodyRequired);
    await bad({ title: 'T'.repeat(201), body: 'x' }, MSG.noticeTitleTooLong);
    await bad({ title: 'T', body: 'x', expiresOn: '2026-02-30' }, MSG.noticeExpiryInvalid);
    await bad({ title: 'T', body: 'x', audience: { roles: ['Alumni'] } }, MSG.noticeAudienceRole);
    await bad({ title: 'T', body: 'x', audience: { departmentIds: ['00000000-0000-4000-8000-000000000000'] } }, MSG.noticeDepartmentUnknown);
    await bad({ title: 'T', body: 'x', audience: { sectionIds: ['00000000-0000-4000-8000-000000000000'] } }, MSG.noticeSectionUnknown);
    expect(await countRows(t.ctx, 'notices')).toBe(before);
  });

  it('renders Markdown with raw HTML and unsafe links neutralised', async () => {
    const body = [
      '**Exam** hall <script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3)) and [site](https://college.example.in)',
      '<a href="javascript:alert(4)">raw link</a>',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)',
    ].join('\n\n');
    const n = await publish(staff, { title: 'Markdown', body });
    expect(n.body).toBe(body);
    expect(n.bodyHtml).toContain('<strong>Exam</strong>');
    expect(n.bodyHtml).toContain('&lt;script&gt;');
    expect(n.bodyHtml).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript|href="data/i);
    expect(n.bodyHtml).toContain('<a href="https://college.example.in" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    // The only tags are Markdown's own.
    const tags = new Set([...n.bodyHtml.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
    expect([...tags].every((tag) => ['p', 'strong', 'a', 'br'].includes(tag))).toBe(true);
  });

  it('publishes a notice with its attachment in one request, or nothing at all', async () => {
    const tag = `atomic${Date.now()}`;
    const send = (auth: Auth, notice: unknown, content: Buffer | string | undefined, filename = 'timetable.pdf') => {
      const form = multipart(content, filename, notice === undefined ? {} : { notice: typeof notice === 'string' ? notice : JSON.stringify(notice) });
      return t.app.inject({ method: 'POST', url: '/api/v1/notices/with-attachment', headers: { ...auth, ...form.headers }, payload: form.payload });
    };
    const published = async (title: string) => countRows(t.ctx, 'notices', `title = '${title}'`);
    const filesBefore = await countRows(t.ctx, 'files');

    // A refused file, a missing one, a bad notice, a reader: nothing is published, no file is kept.
    expect((await send(staff, { title: `${tag} script`, body: 'Text' }, '#!/bin/sh\necho hi\n', 'x.pdf')).statusCode).toBe(415);
    expect((await send(staff, { title: `${tag} no file`, body: 'Text' }, undefined)).json()).toMatchObject({ code: 'FILE_REQUIRED', message: MSG.fileRequired });
    const untitled = await send(staff, { title: '', body: 'Text' }, PDF);
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().errors[0].path).toBe('title');
    expect((await send(staff, 'not json', PDF)).json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'notice' }] });
    expect((await send(staff, undefined, PDF)).statusCode).toBe(400);
    const student = await loginAs(t, ['Student']);
    expect((await send(student.auth, { title: `${tag} student`, body: 'Text' }, PDF)).statusCode).toBe(403);
    for (const title of ['script', 'no file', 'student']) expect(await published(`${tag} ${title}`)).toBe(0);
    expect(await countRows(t.ctx, 'files')).toBe(filesBefore);

    const ok = await send(staff, { title: `${tag} timetable`, body: 'Hall tickets from the office.', pinned: true, audience: { roles: ['Student'] } }, PDF);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toBe(MSG.noticeCreated);
    const notice = noticeResponse.parse(ok.json()).notice;
    expect(notice).toMatchObject({ title: `${tag} timetable`, pinned: true, attachment: { filename: 'timetable.pdf', mimeType: 'application/pdf' } });
    // The first time a student lists it, the attachment is there and opens.
    const listed = (await mine(student.auth)).notices.find((n) => n._id === notice._id)!;
    expect(listed.attachment?.filename).toBe('timetable.pdf');
    expect((await t.app.inject({ url: listed.attachment!.url })).statusCode).toBe(200);
  });

  it('keeps an attachment the audience can open and nobody else; removing or deleting removes the file', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const stranger = await loginAs(t, ['Student']);
    const n = await publish(staff, { title: 'Circular', audience: { sectionIds: [c.section._id] } });
    const put = (auth: Auth, content: Buffer | undefined, filename = 'circular.pdf') => {
      const form = multipart(content, filename);
      return t.app.inject({ method: 'PUT', url: `/api/v1/notices/${n._id}/attachment`, headers: { ...auth, ...form.headers }, payload: form.payload });
    };
    expect((await put(staff, Buffer.from('#!/bin/sh\necho hi\n'), 'x.pdf')).statusCode).toBe(415);
    expect((await put(staff, undefined)).json().message).toBe(MSG.fileRequired);
    expect((await put(c.students[0]!.auth, PDF)).statusCode).toBe(403);
    const saved = await put(staff, PDF);
    expect(saved.statusCode, saved.body).toBe(200);
    const file = (saved.json().notice as Notice).attachment!;
    expect(file).toMatchObject({ filename: 'circular.pdf', mimeType: 'application/pdf' });
    const plain = `/api/v1/files/${file._id}`;
    expect((await t.app.inject({ url: plain, headers: c.students[0]!.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: plain, headers: stranger.auth })).statusCode).toBe(403);
    // The signed link in the reader's list opens without a token.
    const listed = (await mine(c.students[0]!.auth)).notices.find((x) => x._id === n._id)!;
    expect((await t.app.inject({ url: listed.attachment!.url })).statusCode).toBe(200);
    // Replacing removes the old file; deleting the notice removes the new one.
    const again = (await put(staff, PDF, 'circular-v2.pdf')).json().notice as Notice;
    expect(await countRows(t.ctx, 'files', `id = '${file._id}'`)).toBe(0);
    expect((await api('DELETE', `/notices/${n._id}`, staff)).statusCode).toBe(200);
    expect(await countRows(t.ctx, 'files', `id = '${again.attachment!._id}'`)).toBe(0);
  });
});
