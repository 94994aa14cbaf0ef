// People administration (issue 14): list, create, edit, roles, disable/enable, reset links,
// import and export under /users, with every rule enforced on the server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { importText } from '@crs/shared/schemas/import';
import { apiOn, createTestApp, createUser, login, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, countRows, multipart, one } from '../../../test/util.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/import/people');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
/** Academics' departments and sections by code and name (the import fixtures name them; decision 0036). */
const dept: Record<string, string> = {};
const sect: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, ['Admin']);
  superAdmin = await loginAs(t, ['SuperAdmin']);
  const departments: Array<[string, string]> = [
    ['CSE', 'Computer Science and Engineering'],
    ['ME', 'Mechanical Engineering'],
    ['ECE', 'Electronics and Communication Engineering'],
    ['CE', 'Civil Engineering'],
    ['EXAM', 'Examination Cell'],
    ['LIB', 'Central Library'],
    ['ADMIN', 'Administration'],
    ['CHEM', 'Chemistry'],
    ['PHY', 'Physics'],
  ];
  for (const [code, name] of departments) dept[code] = (await api('POST', '/academics/departments', admin.auth, { code, name })).json().department._id;
  for (const [name, code] of [['CSE-1A', 'CSE'], ['CSE-2B', 'CSE'], ['CSE-3A', 'CSE'], ['ME-2A', 'ME'], ['ME-1A', 'ME'], ['CE-1A', 'CE'], ['CE-4B', 'CE']] as const) {
    sect[name] = (await api('POST', '/academics/sections', admin.auth, { name, departmentId: dept[code], semester: 3, academicYear: '2026-27' })).json().section._id;
  }
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const api = apiOn(() => t.app);

/** The token of the last password link mailed to `email` (no SMTP here: mails are printed). */
function lastLinkToken(email: string): string {
  const line = [...t.printed].reverse().find((l) => l.includes(`to=${email}`));
  if (!line) throw new Error(`no mail printed for ${email}`);
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1];
  if (!token) throw new Error(`no token in ${line}`);
  return token;
}
const mailsTo = (email: string) => t.printed.filter((l) => l.includes(`to=${email}`)).length;

const importFile = (file: Buffer, name: string, headers: Headers, dryRun = false) => {
  const body = multipart(file, name);
  return t.app.inject({ method: 'POST', url: `/api/v1/users/import${dryRun ? '?dryRun=true' : ''}`, payload: body.payload, headers: { ...headers, ...body.headers } });
};

const FIXTURE_EMAILS = ['aditi.kulkarni@college.edu.in', 'mohammed.irfan@college.edu.in', 'shalini.rao@college.edu.in', 'venkatesh.iyer@college.edu.in', 'pooja.hegde@college.edu.in'];
const BAD_FIXTURE_EMAILS = ['nikhil.rane@college.edu.in', 'harish.gowda@college.edu.in', 'rekha.menon@college.edu.in', 'sanjay.dutt@college.edu.in', 'tanvi.shah@college.edu.in', 'farhan.qureshi@college.edu.in', 'gauri.kulkarni@college.edu.in'];
const countEmails = (emails: string[]) => one<{ n: number }>(t.ctx, sql`select count(*)::int as n from users where email = any(${sql.param(emails)}::text[])`).then((r) => r.n);

describe('who may call', () => {
  it('refuses Students, Teachers, Staff and Librarians every people endpoint (403) and anonymous callers (401)', async () => {
    const victim = await createUser(t.ctx);
    const calls: Array<[string, string, object?]> = [
      ['GET', '/users'],
      ['GET', '/users/departments'],
      ['GET', '/users/export?format=csv'],
      ['GET', `/users/${victim.id}`],
      ['POST', '/users', { name: 'Someone Else', email: uniqueEmail(), roles: ['Student'] }],
      ['PATCH', `/users/${victim.id}`, { roles: ['Admin'] }],
      ['POST', `/users/${victim.id}/disable`],
      ['POST', `/users/${victim.id}/enable`],
      ['POST', `/users/${victim.id}/reset-link`],
    ];
    for (const role of ['Student', 'Teacher', 'Staff', 'Librarian'] as Role[]) {
      const who = await loginAs(t, [role]);
      for (const [method, url, body] of calls) {
        const res = await api(method as 'GET', url, who.auth, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden, code: 'FORBIDDEN' });
      }
      expect((await importFile(fixture('users.csv'), 'users.csv', who.auth)).statusCode).toBe(403);
    }
    expect((await api('GET', '/users', {})).statusCode).toBe(401);
    // Nothing changed for the victim.
    expect(await one<{ status: string; roles: string[] }>(t.ctx, sql`select status, roles from users where id = ${victim.id}`)).toEqual({ status: 'active', roles: ['Student'] });
    expect(await countEmails(FIXTURE_EMAILS)).toBe(0);
  });
});

describe('GET /users', () => {
  it('searches name, email, student and employee ID and filters by role, status, department and section', async () => {
    const m = `ppl${randomUUID().slice(0, 6)}`;
    const a = await api('POST', '/users', admin.auth, { name: `${m} Kavya Nair`, email: uniqueEmail(m), roles: ['Student'], departmentId: dept.CSE, sectionId: sect['CSE-3A'] });
    const b = await api('POST', '/users', admin.auth, { name: `${m} Arvind Swamy`, email: uniqueEmail(m), roles: ['Teacher'], departmentId: dept.CSE, employeeId: `emp-${m}` });
    const c = await api('POST', '/users', admin.auth, { name: `${m} Leela Samson`, email: uniqueEmail(m), roles: ['Student'], sectionId: sect['CSE-3A'] });
    const d = await api('POST', '/users', admin.auth, { name: `${m} Mohan Rao`, email: uniqueEmail(m), roles: ['Teacher'], departmentId: dept.ME });
    expect([a.statusCode, b.statusCode, c.statusCode, d.statusCode]).toEqual([201, 201, 201, 201]);
    const ids = (res: { json(): { users: Array<{ _id: string }>; total: number } }) => res.json().users.map((u) => u._id);
    const list = (qs: string) => api('GET', `/users?${qs}`, admin.auth);
    expect((await list(`q=${m}`)).json().total).toBe(4);
    // The section sets the department: c is in Computer Science and Engineering too.
    expect(ids(await list(`q=${m}&department=${encodeURIComponent('COMPUTER science and engineering')}`)).sort()).toEqual([a.json().user._id, b.json().user._id, c.json().user._id].sort());
    expect(ids(await list(`q=${m}&section=cse-3a`)).sort()).toEqual([a.json().user._id, c.json().user._id].sort());
    expect(ids(await list(`q=${m}&role=Teacher`)).sort()).toEqual([b.json().user._id, d.json().user._id].sort());
    // The employee ID is stored upper-case and found by any case.
    expect(b.json().user.employeeId).toBe(`EMP-${m.toUpperCase()}`);
    expect(ids(await list(`q=emp-${m}`))).toEqual([b.json().user._id]);
    // The student ID the sequence gave is searchable too.
    const sid = a.json().user.studentId as string;
    expect(sid).toMatch(/^STU\d{6}$/);
    expect(ids(await list(`q=${sid.toLowerCase()}`))).toEqual([a.json().user._id]);
    const page = (await list(`q=${m}&pageSize=3&page=2`)).json();
    expect(page.total).toBe(4);
    expect(page.users).toHaveLength(1);
    expect((await list('status=disabled&q=' + m)).json().total).toBe(0);
    const depts = (await api('GET', '/users/departments', admin.auth)).json().departments;
    expect(depts).toContain('Computer Science and Engineering');
    expect(depts).toContain('Mechanical Engineering');
  });
});

describe('POST /users', () => {
  it('creates an active account, mails a set-password link that works once, and refuses a taken email', async () => {
    const email = uniqueEmail('new.student');
    const res = await api('POST', '/users', admin.auth, { name: 'Kavya Nair', email, roles: ['Student'], departmentId: dept.CSE, sectionId: sect['CSE-1A'], phone: '9845098450', bloodGroup: 'B+' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MSG.userCreated);
    expect(res.json().user).toMatchObject({ email, status: 'active', roles: ['Student'], department: 'Computer Science and Engineering', departmentId: dept.CSE, section: 'CSE-1A', sectionId: sect['CSE-1A'], bloodGroup: 'B+', phone: '9845098450' });
    expect(mailsTo(email)).toBe(1);
    expect(t.printed.find((l) => l.includes(`to=${email}`))).toContain(MSG.welcomeMailSubject);
    const token = lastLinkToken(email);
    const set = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token, password: 'kavya12345' } });
    expect(set.statusCode).toBe(200);
    expect((await login(t.app, email, 'kavya12345')).user._id).toBe(res.json().user._id);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token, password: 'other12345' } });
    expect(again.statusCode).toBe(400);

    const dup = await api('POST', '/users', admin.auth, { name: 'Kavya Again', email: email.toUpperCase(), roles: ['Teacher'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: MSG.emailTaken, code: 'EMAIL_TAKEN' });
  });

  it('refuses bad input with the field messages and writes nothing', async () => {
    const email = uniqueEmail('bad');
    for (const [body, message] of [
      [{ name: 'Raghav Jain', email, roles: [] }, MSG.rolesRequired],
      [{ name: 'Raghav Jain', email, roles: ['Principal'] }, MSG.importRoleInvalid],
      [{ name: 'Raghav Jain', email, roles: ['Student'], phone: '12345' }, MSG.phoneDigits],
      [{ name: 'Raghav Jain', email, roles: ['Student'], bloodGroup: 'C+' }, MSG.bloodGroupInvalid],
      [{ name: 'Raghav Jain', email: 'not-an-email', roles: ['Student'] }, MSG.invalidEmail],
      [{ name: 'R', email, roles: ['Student'] }, MSG.nameMin],
    ] as const) {
      const res = await api('POST', '/users', admin.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const noSid = await api('POST', '/users', admin.auth, { name: 'Raghav Jain', email, roles: ['Teacher'], studentId: 'STU123' });
    expect(noSid.statusCode).toBe(400);
    expect(noSid.json().message).toBe(MSG.studentIdOnlyForStudents);
    expect(await countRows(t.ctx, 'users', `email = '${email}'`)).toBe(0);
  });

  it('lets only a SuperAdmin create an Admin or SuperAdmin', async () => {
    for (const role of ['Admin', 'SuperAdmin'] as Role[]) {
      const email = uniqueEmail(role.toLowerCase());
      const refused = await api('POST', '/users', admin.auth, { name: 'Deepa Menon', email, roles: ['Teacher', role] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: MSG.onlySuperAdminGrantsAdmin, code: 'SUPERADMIN_ONLY' });
      expect(await countRows(t.ctx, 'users', `email = '${email}'`)).toBe(0);
      const made = await api('POST', '/users', superAdmin.auth, { name: 'Deepa Menon', email, roles: [role] });
      expect(made.statusCode).toBe(201);
      expect(made.json().user.roles).toEqual([role]);
    }
  });
});

describe('PATCH /users/{id}', () => {
  it("edits a person's fields; a taken email or student ID is a 409", async () => {
    const u = await createUser(t.ctx, { name: 'Rahul Dravid' });
    const other = await createUser(t.ctx);
    const res = await api('PATCH', `/users/${u.id}`, admin.auth, { name: 'Rahul S. Dravid', phone: '9900112233', departmentId: dept.CE, sectionId: sect['CE-4B'], bloodGroup: 'O-', studentId: 'stu/2024/77' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.userUpdated, user: { name: 'Rahul S. Dravid', phone: '9900112233', department: 'Civil Engineering', section: 'CE-4B', bloodGroup: 'O-', studentId: 'STU/2024/77' } });
    // Blank clears an optional field; null clears the section.
    expect((await api('PATCH', `/users/${u.id}`, admin.auth, { phone: '' })).json().user.phone).toBeNull();
    expect((await api('PATCH', `/users/${u.id}`, admin.auth, { sectionId: null })).json().user).toMatchObject({ section: null, sectionId: null, department: 'Civil Engineering' });
    const taken = await api('PATCH', `/users/${other.id}`, admin.auth, { email: u.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const sidTaken = await api('PATCH', `/users/${other.id}`, admin.auth, { studentId: 'STU/2024/77' });
    expect(sidTaken.statusCode).toBe(409);
    expect(sidTaken.json()).toMatchObject({ message: MSG.studentIdTaken, code: 'STUDENT_ID_TAKEN' });
    expect((await api('PATCH', `/users/${randomUUID()}`, admin.auth, { name: 'Nobody Here' })).statusCode).toBe(404);
    expect((await api('PATCH', `/users/${u.id}`, admin.auth, { status: 'disabled' })).statusCode).toBe(400);
  });

  it('a non-SuperAdmin granting or removing Admin gets 403; a SuperAdmin may; a role change ends older tokens', async () => {
    const student = await loginAs(t, ['Student']);
    const refused = await api('PATCH', `/users/${student.user.id}`, admin.auth, { roles: ['Student', 'Admin'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MSG.onlySuperAdminGrantsAdmin, code: 'SUPERADMIN_ONLY' });
    expect((await api('PATCH', `/users/${student.user.id}`, admin.auth, { roles: ['SuperAdmin'] })).statusCode).toBe(403);
    expect(await one<{ roles: string[] }>(t.ctx, sql`select roles from users where id = ${student.user.id}`)).toEqual({ roles: ['Student'] });
    // An Admin may change other roles.
    expect((await api('PATCH', `/users/${student.user.id}`, admin.auth, { roles: ['Student', 'Librarian'] })).json().user.roles).toEqual(['Student', 'Librarian']);
    // The token issued before the change is refused; a fresh sign-in carries the new roles.
    expect((await api('GET', '/auth/users/me', student.auth)).statusCode).toBe(401);
    const granted = await api('PATCH', `/users/${student.user.id}`, superAdmin.auth, { roles: ['Admin'] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().user.roles).toEqual(['Admin']);
    // Now an Admin's account: another Admin may not change it at all, nor remove the role.
    const newAdmin = student.user.id;
    const edit = await api('PATCH', `/users/${newAdmin}`, admin.auth, { name: 'Changed By Admin' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ message: MSG.onlySuperAdminManagesAdmins, code: 'SUPERADMIN_ONLY' });
    expect((await api('POST', `/users/${newAdmin}/disable`, admin.auth)).statusCode).toBe(403);
    expect((await api('POST', `/users/${newAdmin}/reset-link`, admin.auth)).statusCode).toBe(403);
    expect((await api('PATCH', `/users/${newAdmin}`, superAdmin.auth, { roles: ['Teacher'] })).json().user.roles).toEqual(['Teacher']);
  });
});

describe('disable and enable', () => {
  it("ends the user's sessions at once: the live token is refused on the next request, refresh and sign-in too", async () => {
    const victim = await loginAs(t, ['Teacher']);
    expect((await api('GET', '/auth/users/me', victim.auth)).statusCode).toBe(200);
    const res = await api('POST', `/users/${victim.user.id}/disable`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.userDisabled, user: { status: 'disabled' } });
    expect((await api('GET', '/auth/users/me', victim.auth)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: victim.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: victim.user.email, password: victim.user.password } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ message: MSG.accountDisabled, code: 'ACCOUNT_DISABLED' });
    expect(await countRows(t.ctx, 'sessions', `user_id = '${victim.user.id}' and revoked_at is null`)).toBe(0);
    expect((await api('POST', `/users/${victim.user.id}/disable`, admin.auth)).json().code).toBe('ALREADY_DISABLED');
    expect((await api('POST', `/users/${victim.user.id}/reset-link`, admin.auth)).json().code).toBe('ACCOUNT_DISABLED');

    const enabled = await api('POST', `/users/${victim.user.id}/enable`, admin.auth);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ message: MSG.userEnabled, user: { status: 'active' } });
    // The old token stays dead; signing in again works.
    expect((await api('GET', '/auth/users/me', victim.auth)).statusCode).toBe(401);
    const back = await login(t.app, victim.user.email, victim.user.password);
    expect((await api('GET', '/auth/users/me', bearer(back.token))).statusCode).toBe(200);
    expect((await api('POST', `/users/${victim.user.id}/enable`, admin.auth)).json().code).toBe('NOT_DISABLED');
  });

  it('nobody disables themselves; a pending sign-up is approved or rejected, not disabled', async () => {
    const self = await api('POST', `/users/${admin.user.id}/disable`, admin.auth);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ message: MSG.cannotDisableSelf, code: 'CANNOT_DISABLE_SELF' });
    const pending = await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
    const res = await api('POST', `/users/${pending.id}/disable`, admin.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.userPendingUseApprove);
    expect((await api('POST', `/users/${randomUUID()}/disable`, admin.auth)).statusCode).toBe(404);
  });

  it('mails a reset link to an active person', async () => {
    const u = await createUser(t.ctx);
    const res = await api('POST', `/users/${u.id}/reset-link`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.resetLinkSent });
    expect(t.printed.find((l) => l.includes(`to=${u.email}`))).toContain(MSG.resetMailSubject);
    const set = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token: lastLinkToken(u.email), password: 'brandnew99' } });
    expect(set.statusCode).toBe(200);
    await login(t.app, u.email, 'brandnew99');
  });
});

describe('the last active SuperAdmin', () => {
  it('can never be disabled or demoted (409), even when two SuperAdmins demote each other at once', async () => {
    const own = await createTestApp();
    try {
      const asOwn = apiOn(() => own.app);
      const sa1 = await loginAs(own, ['SuperAdmin']);
      const sa2 = await loginAs(own, ['SuperAdmin']);
      const [x, y] = await Promise.all([
        asOwn('PATCH', `/users/${sa2.user.id}`, sa1.auth, { roles: ['Teacher'] }),
        asOwn('PATCH', `/users/${sa1.user.id}`, sa2.auth, { roles: ['Teacher'] }),
      ]);
      const codes = [x.statusCode, y.statusCode].sort();
      // One demotion wins; the other finds the caller demoted (401: older token) or the last SuperAdmin (409).
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const remaining = await own.ctx.db.execute(sql`select id from users where status = 'active' and 'SuperAdmin' = any(roles)`);
      expect((remaining as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      const last = x.statusCode === 200 ? sa1 : sa2;
      const demote = await asOwn('PATCH', `/users/${last.user.id}`, last.auth, { roles: ['Admin'] });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({ message: MSG.lastSuperAdmin, code: 'LAST_SUPERADMIN' });
      expect((await asOwn('POST', `/users/${last.user.id}/disable`, last.auth)).statusCode).toBe(409);
      // With a second SuperAdmin the first may step down.
      const third = await asOwn('PATCH', `/users/${(x.statusCode === 200 ? sa2 : sa1).user.id}`, last.auth, { roles: ['SuperAdmin'] });
      expect(third.statusCode).toBe(200);
      expect((await asOwn('PATCH', `/users/${last.user.id}`, last.auth, { roles: ['Admin'] })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('POST /users/import', () => {
  it('a file with bad rows previews its errors and writes nothing (.xlsx and .csv)', async () => {
    for (const name of ['users-bad.xlsx', 'users-bad.csv']) {
      const preview = await importFile(fixture(name), name, admin.auth, true);
      expect(preview.statusCode, name).toBe(200);
      const body = preview.json();
      expect(body.dryRun).toBe(true);
      const byRow = (row: number) => body.errors.filter((e: { row: number }) => e.row === row).map((e: { field: string; message: string }) => [e.field, e.message]);
      expect(byRow(2)).toEqual([]);
      expect(byRow(3)).toEqual([['email', MSG.invalidEmail]]);
      expect(byRow(4)).toEqual([['role', MSG.importRoleInvalid]]);
      expect(byRow(5)).toEqual([['phone', MSG.phoneDigits]]);
      expect(byRow(6)).toEqual([['role', MSG.onlySuperAdminGrantsAdmin]]);
      // 'Information Technology' on row 3 is no department either, but its email already failed the row's schema.
      expect(byRow(7)).toEqual([['studentId', MSG.studentIdOnlyForStudents]]);
      // Two people of the file with one student ID (case aside): the second row says which row has it.
      expect(byRow(8)).toEqual([]);
      expect(byRow(9)).toEqual([['studentId', importText.repeatedValue(8)]]);
      expect(body.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'error', 'error', 'error', 'error', 'error', 'create', 'error']);
      const real = await importFile(fixture(name), name, admin.auth);
      expect(real.statusCode).toBe(422);
      expect(real.json().code).toBe('IMPORT_INVALID');
      expect(await countEmails(BAD_FIXTURE_EMAILS)).toBe(0);
      expect(mailsTo('nikhil.rane@college.edu.in')).toBe(0);
    }
  });

  it('creates every row of a good .xlsx, mails each a set-password link, and a second import creates nobody', async () => {
    const preview = (await importFile(fixture('users.xlsx'), 'users.xlsx', admin.auth, true)).json();
    expect(preview).toMatchObject({ dryRun: true, created: 5, skipped: 0, errors: [] });
    expect(await countEmails(FIXTURE_EMAILS)).toBe(0);
    const first = await importFile(fixture('users.xlsx'), 'users.xlsx', admin.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ dryRun: false, created: 5, skipped: 0 });
    const stored = await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from users where email = any(${sql.param(FIXTURE_EMAILS)}::text[]) and status = 'active'`);
    expect(stored.n).toBe(5);
    const irfan = await one<{ roles: string[]; student_id: string; section: string; phone: string }>(t.ctx, sql`select roles, student_id, section, phone from users where email = 'mohammed.irfan@college.edu.in'`);
    expect(irfan).toEqual({ roles: ['Student'], student_id: 'STU009001', section: 'ME-2A', phone: '9876501235' });
    const aditi = await one<{ student_id: string }>(t.ctx, sql`select student_id from users where email = 'aditi.kulkarni@college.edu.in'`);
    expect(aditi.student_id).toMatch(/^STU\d{6}$/);
    for (const e of FIXTURE_EMAILS) expect(mailsTo(e), e).toBe(1);
    // The same people again (the CSV twin of the file): nothing new, no new mail.
    const second = await importFile(fixture('users.csv'), 'users.csv', admin.auth);
    expect(second.json()).toMatchObject({ created: 0, skipped: 5 });
    expect(await countEmails(FIXTURE_EMAILS)).toBe(5);
    for (const e of FIXTURE_EMAILS) expect(mailsTo(e), e).toBe(1);
  });
});

describe('GET /users/export', () => {
  it('exports the filtered people as CSV and .xlsx with formula-looking cells neutralised', async () => {
    const m = `exp${randomUUID().slice(0, 6)}`;
    const made = await api('POST', '/users', admin.auth, { name: `=HYPERLINK("http://evil.test","${m}")`, email: uniqueEmail(m), roles: ['Staff'], phone: '9845000000', employeeId: `E${m}` });
    expect(made.statusCode).toBe(201);
    await api('POST', '/users', admin.auth, { name: `${m} Plain Person`, email: uniqueEmail(m), roles: ['Student'] });
    const csv = await api('GET', `/users/export?format=csv&q=${m}&role=Staff`, admin.auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="people.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Name,Email,Roles,Status,Department,Section,Student ID,Employee ID,Phone,Blood Group,Created');
    expect(lines[1]!.startsWith(`"'=HYPERLINK(`)).toBe(true);
    expect(lines[1]).toContain(m);

    const xlsx = await api('GET', `/users/export?format=xlsx&q=${m}`, admin.auth);
    expect(xlsx.statusCode).toBe(200);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    expect(rows).toHaveLength(3);
    const evil = rows.find((r) => String(r[0]).includes('HYPERLINK'))!;
    expect(evil[0]!.startsWith("'=")).toBe(true);
    expect(Object.values(sheet).some((c) => typeof c === 'object' && c !== null && 'f' in c)).toBe(false);
  });
});
