// Issue 14 items 2 and 8: every listed action writes its audit entry — who (account, or the email an
// anonymous attempt gave), from which address, what it acted on, the before/after of changed fields
// or the details — and an action that fails or rolls back writes none. Each test performs the
// action through the API from its own address and reads the entry back through GET /audit.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { auditListResponse } from '@crs/shared/schemas/audit';
import type { AuditAction, AuditEntry } from '@crs/shared/schemas/audit';
import { createTestApp, createUser, loginAs, uniqueEmail } from '../../../test/helper.ts';
import { resetRequestsDone } from '../auth/auth.service.ts';
import type { TestApp } from '../../../test/helper.ts';
import { multipart } from '../../../test/util.ts';
import { addSlot, assignmentFixture, person as academicPerson } from '../academics/academics.fixtures.ts';
import { addAlumnus } from '../alumni/alumni.fixtures.ts';
import { addBook, DEFAULT_SETTINGS, giveBack, lend, makeDue, putSettings } from '../library/library.fixtures.ts';

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
/** Academics departments people are put in (decision 0036), by name. */
const departmentIds: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await loginAs(t, ['SuperAdmin']);
  admin = await loginAs(t, ['Admin']);
  for (const [code, name] of [['PHY', 'Physics'], ['CHEM', 'Chemistry']]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/academics/departments', headers: admin.auth, payload: { code, name } });
    departmentIds[name!] = res.json().department._id;
  }
});
afterAll(() => t.close());

type Headers = Record<string, string>;
let lastOctet = 0;
/** A fresh documentation address (RFC 5737) per call: the entry must carry the caller's own. */
const freshIp = () => `198.51.100.${(++lastOctet % 250) + 1}`;

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Headers, ip: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function entries(query: Record<string, string>): Promise<AuditEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit?${new URLSearchParams({ pageSize: '100', ...query })}`, headers: superAdmin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return auditListResponse.parse(res.json()).entries;
}
/** The entries of `action` from `ip` (each test uses its own address). */
const fromIp = async (action: AuditAction, ip: string) => (await entries({ action })).filter((e) => e.ip === ip);
/** The one entry of `action` from `ip`. */
async function only(action: AuditAction, ip: string): Promise<AuditEntry> {
  const list = await fromIp(action, ip);
  expect(list, `${action} from ${ip}`).toHaveLength(1);
  return list[0]!;
}
const actorOf = (u: { id: string; email: string; name: string }) => ({ id: u.id, email: u.email, name: u.name });
const word = () => randomBytes(3).toString('hex').toUpperCase();
const PDF = readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/files/marks.pdf'));
const uploadTo = (url: string, headers: Headers, ip: string, fields: Record<string, string>) => {
  const form = multipart(PDF, 'file.pdf', fields);
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...headers, ...form.headers }, payload: form.payload, remoteAddress: ip });
};

describe('sign-in', () => {
  it('records each failed sign-in with its reason, without changing the answer', async () => {
    const ip = freshIp();
    const user = await createUser(t.ctx);
    const pending = await createUser(t.ctx, { status: 'pending' });
    const disabled = await createUser(t.ctx, { status: 'disabled' });
    const nobody = uniqueEmail('nobody');
    const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });

    const unknown = await signIn(nobody, 'secret123');
    const wrong = await signIn(user.email, 'not-the-password');
    // Unknown email and wrong password still answer exactly alike.
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({ message: MSG.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    expect((await signIn(pending.email, pending.password)).json()).toMatchObject({ code: 'ACCOUNT_PENDING' });
    expect((await signIn(disabled.email, disabled.password)).json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);

    const found = await fromIp('auth.sign_in_failed', ip);
    const byEmail = new Map(found.map((e) => [e.actor.email, e]));
    expect(found).toHaveLength(4);
    expect(byEmail.get(nobody)).toMatchObject({ actor: { id: null, name: null, email: nobody }, target: null, details: { reason: 'unknown email' } });
    expect(byEmail.get(user.email)).toMatchObject({ actor: { id: null }, target: { type: 'user', id: user.id, label: user.email }, details: { reason: 'wrong password' } });
    expect(byEmail.get(pending.email)).toMatchObject({ target: { id: pending.id }, details: { reason: 'pending' } });
    expect(byEmail.get(disabled.email)).toMatchObject({ target: { id: disabled.id }, details: { reason: 'disabled' } });
    // No entry holds the password that was tried.
    expect(JSON.stringify(found)).not.toContain('not-the-password');
  });

  it('records throttling once per window, not once per refused request', async () => {
    const ip = freshIp();
    const user = await createUser(t.ctx);
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: 'wrong-password' }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await signIn()).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(429);
    expect((await signIn()).statusCode).toBe(429);
    const entry = await only('auth.sign_in_throttled', ip);
    expect(entry).toMatchObject({ actor: { id: null, email: user.email }, ip });
    expect(await fromIp('auth.sign_in_failed', ip)).toHaveLength(10);
  });
});

describe('password reset', () => {
  /** The token of the last reset link printed for `email` (no SMTP here: mails are printed). */
  const lastToken = (email: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec([...t.printed].reverse().find((l) => l.includes(`to=${email}`)) ?? '')?.[1];

  it('records a request for an existing account only, with the same answer either way, and the reset done through the link', async () => {
    const ip = freshIp();
    const user = await createUser(t.ctx, { name: 'Reset Person' });
    const nobody = uniqueEmail('nobody');
    const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email }, remoteAddress: ip });
    const forUser = await ask(user.email);
    const forNobody = await ask(nobody);
    expect([forUser.statusCode, forNobody.statusCode]).toEqual([200, 200]);
    expect(forUser.json()).toEqual(forNobody.json());
    await resetRequestsDone(t.ctx); // the account is looked up after the answer

    const requested = await only('auth.password_reset_requested', ip);
    expect(requested).toMatchObject({ actor: { id: null, email: user.email }, target: { type: 'user', id: user.id, label: user.email }, details: { mailed: true } });

    const token = lastToken(user.email);
    expect(token).toBeDefined();
    const resetIp = freshIp();
    const done = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token, password: 'brand-new-1' }, remoteAddress: resetIp });
    expect(done.statusCode, done.body).toBe(200);
    const reset = await only('auth.password_reset', resetIp);
    expect(reset).toMatchObject({ actor: actorOf(user), target: { type: 'user', id: user.id, label: user.email } });
    expect(JSON.stringify(reset)).not.toContain('brand-new-1');
    expect(JSON.stringify(reset)).not.toContain(token!);

    // A used link fails and writes nothing.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token, password: 'brand-new-2' }, remoteAddress: resetIp });
    expect(again.statusCode).toBe(400);
    expect(await fromIp('auth.password_reset', resetIp)).toHaveLength(1);
  });
});

describe('people administration', () => {
  const person = async (headers: Headers, ip: string, roles: Role[] = ['Student']) => {
    const res = await call('POST', '/users', headers, ip, { name: `Person ${word()}`, email: uniqueEmail('p'), roles, phone: '9000000001', departmentId: departmentIds.Physics });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().user as { _id: string; email: string; name: string };
  };

  it('records creation, field changes with before/after, role changes, disable, enable and reset links', async () => {
    const ip = freshIp();
    const p = await person(admin.auth, ip);
    expect(await only('user.created', ip)).toMatchObject({ actor: actorOf(admin.user), ip, target: { type: 'user', id: p._id, label: p.email }, details: { roles: ['Student'] } });

    expect((await call('PATCH', `/users/${p._id}`, admin.auth, ip, { phone: '9000000002', departmentId: departmentIds.Chemistry, name: p.name })).statusCode).toBe(200);
    const updated = await only('user.updated', ip);
    // Only the fields that changed, with their values before and after.
    expect(updated.changes).toEqual({ phone: { from: '9000000001', to: '9000000002' }, department: { from: 'Physics', to: 'Chemistry' } });
    expect(updated.target).toEqual({ type: 'user', id: p._id, label: p.email });

    const roleIp = freshIp();
    expect((await call('PATCH', `/users/${p._id}`, superAdmin.auth, roleIp, { roles: ['Student', 'Admin'] })).statusCode).toBe(200);
    expect(await only('user.roles_changed', roleIp)).toMatchObject({ actor: actorOf(superAdmin.user), changes: { roles: { from: ['Student'], to: ['Student', 'Admin'] } } });
    expect(await fromIp('user.updated', roleIp)).toHaveLength(0);

    const statusIp = freshIp();
    expect((await call('POST', `/users/${p._id}/disable`, superAdmin.auth, statusIp)).statusCode).toBe(200);
    expect((await call('POST', `/users/${p._id}/enable`, superAdmin.auth, statusIp)).statusCode).toBe(200);
    expect(await only('user.disabled', statusIp)).toMatchObject({ target: { id: p._id }, changes: { status: { from: 'active', to: 'disabled' } } });
    expect(await only('user.enabled', statusIp)).toMatchObject({ target: { id: p._id }, changes: { status: { from: 'disabled', to: 'active' } } });

    expect((await call('POST', `/users/${p._id}/reset-link`, superAdmin.auth, statusIp)).statusCode).toBe(200);
    expect(await only('user.reset_link_sent', statusIp)).toMatchObject({ actor: { id: superAdmin.user.id }, target: { type: 'user', id: p._id, label: p.email } });
  });

  it('writes no entry for a change that is refused or rolls back', async () => {
    const ip = freshIp();
    const p = await person(admin.auth, freshIp());
    const other = await createUser(t.ctx);
    // Refused by validation before any work.
    expect((await call('PATCH', `/users/${p._id}`, admin.auth, ip, { phone: '12' })).statusCode).toBe(400);
    // Refused by the rules (an Admin may not grant Admin).
    expect((await call('PATCH', `/users/${p._id}`, admin.auth, ip, { roles: ['Admin'] })).statusCode).toBe(403);
    // Rolled back by the database: the email is taken, inside the transaction that would write the entry.
    const taken = await call('PATCH', `/users/${p._id}`, admin.auth, ip, { email: other.email, phone: '9000000009' });
    expect(taken.statusCode).toBe(409);
    // Deleting a department still in use is refused by a foreign key inside the delete's transaction.
    const code = `D${word()}`;
    const dept = (await call('POST', '/academics/departments', admin.auth, ip, { code, name: `Dept ${code}` })).json().department;
    expect((await call('POST', '/academics/subjects', admin.auth, ip, { code: `S${word()}`, name: 'Held', departmentId: dept._id, semester: 1, credits: 3 })).statusCode).toBe(201);
    expect((await call('DELETE', `/academics/departments/${dept._id}`, admin.auth, ip)).statusCode).toBe(409);
    for (const action of ['user.updated', 'user.roles_changed', 'record.deleted'] as const) expect(await fromIp(action, ip), action).toEqual([]);
  });

  it('records imports (not dry runs) with the count and file name, and exports with filters, format and rows', async () => {
    const ip = freshIp();
    const w = word().toLowerCase();
    const csv = `name,email,role,department\nAsha ${w},asha.${w}@test.crs,Student,Physics\nBala ${w},bala.${w}@test.crs,Teacher,Physics\n`;
    const upload = (dryRun: boolean) => {
      const body = multipart(csv, `people-${w}.csv`);
      return t.app.inject({ method: 'POST', url: `/api/v1/users/import${dryRun ? '?dryRun=true' : ''}`, payload: body.payload, headers: { ...admin.auth, ...body.headers }, remoteAddress: ip });
    };
    expect((await upload(true)).statusCode).toBe(200);
    expect(await fromIp('users.imported', ip)).toEqual([]);
    expect((await upload(false)).json()).toMatchObject({ created: 2 });
    expect(await only('users.imported', ip)).toMatchObject({ actor: { id: admin.user.id }, details: { created: 2, file: `people-${w}.csv` } });

    const exported = await call('GET', `/users/export?format=csv&q=${w}&role=Student`, admin.auth, ip);
    expect(exported.statusCode).toBe(200);
    expect(await only('users.exported', ip)).toMatchObject({ details: { format: 'csv', filters: { q: w, role: 'Student' }, rows: 1 } });
  });

  it('records sign-up approval and rejection', async () => {
    const ip = freshIp();
    const a = await createUser(t.ctx, { status: 'pending' });
    const b = await createUser(t.ctx, { status: 'pending', name: 'Rejected Person' });
    expect((await call('POST', `/users/${a.id}/approve`, admin.auth, ip)).statusCode).toBe(200);
    expect((await call('POST', `/users/${b.id}/reject`, admin.auth, ip)).statusCode).toBe(200);
    // Approving again finds nothing pending: no second entry.
    expect((await call('POST', `/users/${a.id}/approve`, admin.auth, ip)).statusCode).toBe(404);
    expect(await only('user.approved', ip)).toMatchObject({ actor: { id: admin.user.id }, target: { type: 'user', id: a.id, label: a.email }, changes: { status: { from: 'pending', to: 'active' } } });
    expect(await only('user.rejected', ip)).toMatchObject({ target: { type: 'user', id: b.id, label: b.email }, details: { name: 'Rejected Person' } });
  });
});

describe('deletions', () => {
  it('records the deletion of academic records and notices with what was deleted', async () => {
    const ip = freshIp();
    const code = `D${word()}`;
    const dept = (await call('POST', '/academics/departments', admin.auth, ip, { code, name: `Dept ${code}` })).json().department;
    const subject = (await call('POST', '/academics/subjects', admin.auth, ip, { code: `S${word()}`, name: 'Optics', departmentId: dept._id, semester: 1, credits: 3 })).json().subject;
    const section = (await call('POST', '/academics/sections', admin.auth, ip, { name: `X${word()}`, departmentId: dept._id, semester: 1, academicYear: '2026-27' })).json().section;
    const notice = (await call('POST', '/notices', admin.auth, ip, { title: `Closing ${code}`, body: 'Text' })).json().notice;
    for (const url of [`/academics/subjects/${subject._id}`, `/academics/sections/${section._id}`, `/academics/departments/${dept._id}`, `/notices/${notice._id}`]) {
      expect((await call('DELETE', url, admin.auth, ip)).statusCode, url).toBe(200);
    }
    const deleted = await fromIp('record.deleted', ip);
    expect(deleted.map((e) => e.target).sort((x, y) => x!.type.localeCompare(y!.type))).toEqual([
      { type: 'department', id: dept._id, label: `${code} Dept ${code}` },
      { type: 'notice', id: notice._id, label: `Closing ${code}` },
      { type: 'section', id: section._id, label: `${section.name} 2026-27` },
      { type: 'subject', id: subject._id, label: `${subject.code} Optics` },
    ]);
    expect(deleted.every((e) => e.actor.id === admin.user.id)).toBe(true);
    // A second delete finds nothing: 404 and no entry.
    expect((await call('DELETE', `/notices/${notice._id}`, admin.auth, ip)).statusCode).toBe(404);
    expect(await fromIp('record.deleted', ip)).toHaveLength(4);
  });

  it('records the deletion of teaching records: a slot, an enrolment, an exam, a material, an assignment, a document and an ID card', async () => {
    const ip = freshIp();
    const teacher = await academicPerson(t, 'Teacher');
    const c = await assignmentFixture(t, admin.auth, teacher.user.id, 1);
    const student = c.students[0]!.user;
    const { slot } = await addSlot(t, admin.auth, { assignmentId: c.assignment._id, weekday: 3, start: '11:00', end: '12:00', room: 'R-101' });
    const exam = (await call('POST', '/assesment/exams', teacher.auth, ip, { name: 'Quiz 1', kind: 'internal', maxMarks: 10, weight: 10, date: '2026-03-02', subjectId: c.subject._id, sectionId: c.section._id })).json().exam;
    const material = (await uploadTo('/teachers/materials', teacher.auth, ip, { title: `Notes ${c.subject.code}`, subjectId: c.subject._id })).json().material;
    const doc = (await uploadTo('/docs', admin.auth, ip, { title: `Circular ${c.subject.code}`, type: 'circular' })).json().doc;
    expect((await call('POST', `/students/${student.id}/idcard`, admin.auth, ip)).statusCode).toBe(201);

    const deletes: Array<[string, Headers]> = [
      [`/academics/timetable/${slot._id}`, admin.auth],
      [`/academics/sections/${c.section._id}/students/${student.id}`, admin.auth],
      [`/assesment/exams/${exam._id}`, teacher.auth],
      [`/teachers/materials/${material._id}`, teacher.auth],
      [`/academics/assignments/${c.assignment._id}`, admin.auth],
      [`/docs/${doc._id}`, admin.auth],
      [`/students/${student.id}/idcard`, admin.auth],
    ];
    for (const [url, headers] of deletes) expect((await call('DELETE', url, headers, ip)).statusCode, url).toBe(200);
    const byType = new Map((await fromIp('record.deleted', ip)).map((e) => [e.target!.type, e]));
    expect([...byType.keys()].sort()).toEqual(['ID card', 'document', 'enrolment', 'exam', 'material', 'teaching assignment', 'timetable slot']);
    expect(byType.get('timetable slot')).toMatchObject({ actor: { id: admin.user.id }, target: { id: slot._id, label: expect.stringContaining('Wed 11:00–12:00 R-101') } });
    expect(byType.get('enrolment')?.target?.label).toBe(`${student.email} from ${c.section.name} 2026-27`);
    expect(byType.get('exam')).toMatchObject({ actor: { id: teacher.user.id }, target: { id: exam._id, label: expect.stringContaining('Quiz 1') } });
    expect(byType.get('material')).toMatchObject({ actor: { id: teacher.user.id }, target: { id: material._id, label: `Notes ${c.subject.code}` } });
    expect(byType.get('teaching assignment')?.target).toMatchObject({ id: c.assignment._id, label: expect.stringContaining(c.subject.code) });
    expect(byType.get('document')?.target).toEqual({ type: 'document', id: doc._id, label: `Circular ${c.subject.code}` });
    expect(byType.get('ID card')?.target?.label).toBe(student.email);
  });

  it('records one entry per alumnus of a bulk deletion, and none when an unknown id cancels it', async () => {
    const ip = freshIp();
    const w = word().toLowerCase();
    const a = await addAlumnus(t, admin.auth, { name: `Alum A ${w}`, email: `a.${w}@alumni.example` });
    const b = await addAlumnus(t, admin.auth, { name: `Alum B ${w}` });
    const cancelled = await call('POST', '/alumni/delete', admin.auth, ip, { ids: [a._id, '00000000-0000-4000-8000-000000000000'] });
    expect(cancelled.statusCode).toBe(404);
    expect(await fromIp('record.deleted', ip)).toEqual([]);
    expect((await call('POST', '/alumni/delete', admin.auth, ip, { ids: [a._id, b._id] })).json()).toMatchObject({ deleted: 2 });
    const labels = (await fromIp('record.deleted', ip)).map((e) => [e.target?.type, e.target?.id, e.target?.label]);
    expect(labels.sort()).toEqual(
      [
        ['alumnus', a._id, `Alum A ${w} <a.${w}@alumni.example>`],
        ['alumnus', b._id, `Alum B ${w}`],
      ].sort(),
    );
  });
});

describe('alumni, library and reports', () => {
  it('records alumni imports, exports and bulk messages', async () => {
    const ip = freshIp();
    const w = word().toLowerCase();
    const body = multipart(`Name,Email,Graduation Year\nImported ${w},imp.${w}@alumni.example,2015\n`, `alumni-${w}.csv`);
    const imported = await t.app.inject({ method: 'POST', url: '/api/v1/alumni/upload/excel', payload: body.payload, headers: { ...admin.auth, ...body.headers }, remoteAddress: ip });
    expect(imported.json()).toMatchObject({ created: 1 });
    expect(await only('alumni.imported', ip)).toMatchObject({ actor: { id: admin.user.id }, details: { created: 1, updated: 0, file: `alumni-${w}.csv` } });

    expect((await call('GET', '/alumni/export?format=csv', admin.auth, ip)).statusCode).toBe(200);
    const exported = await only('alumni.exported', ip);
    expect(exported.details).toMatchObject({ format: 'csv', rows: expect.any(Number) });
    expect(exported.details.rows as number).toBeGreaterThanOrEqual(1);

    const a = await addAlumnus(t, admin.auth, { name: `Mailed ${w}`, email: `m.${w}@alumni.example` });
    const b = await addAlumnus(t, admin.auth, { name: `Unmailed ${w}` });
    const sent = await call('POST', '/alumni/message', admin.auth, ip, { ids: [a._id, b._id], subject: `Reunion ${w}`, message: 'Hello {{name}}' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await only('alumni.messaged', ip)).toMatchObject({ details: { subject: `Reunion ${w}`, recipients: 2, queued: 1 } });
  });

  it('records book imports, waived fines (not paid ones) and changed circulation rules', async () => {
    const ip = freshIp();
    const librarian = await loginAs(t, ['Librarian']);
    const w = word();
    const body = multipart(`title,authors,copies\nImported Book ${w},Some Author,1\n`, `books-${w}.csv`);
    const imported = await t.app.inject({ method: 'POST', url: '/api/v1/library/books/import', payload: body.payload, headers: { ...librarian.auth, ...body.headers }, remoteAddress: ip });
    expect(imported.json()).toMatchObject({ created: 1 });
    expect(await only('library.books_imported', ip)).toMatchObject({ actor: { id: librarian.user.id }, details: { created: 1, file: `books-${w}.csv` } });

    await putSettings(t, librarian.auth, {});
    const member = await createUser(t.ctx);
    const finedLoan = async (title: string) => {
      const book = await addBook(t, librarian.auth, { title });
      const loan = await lend(t, librarian.auth, book._id, member.id);
      await makeDue(t, loan._id, 3);
      await giveBack(t, librarian.auth, book._id, member.id);
      return loan;
    };
    const waived = await finedLoan(`Waived ${w}`);
    const paid = await finedLoan(`Paid ${w}`);
    expect((await call('POST', `/library/loans/${waived._id}/fine`, librarian.auth, ip, { action: 'waive' })).statusCode).toBe(200);
    expect((await call('POST', `/library/loans/${paid._id}/fine`, librarian.auth, ip, { action: 'pay' })).statusCode).toBe(200);
    // Waiving a settled fine is refused: no second entry.
    expect((await call('POST', `/library/loans/${waived._id}/fine`, librarian.auth, ip, { action: 'waive' })).statusCode).toBe(409);
    const entry = await only('library.fine_waived', ip);
    expect(entry).toMatchObject({ target: { type: 'loan', id: waived._id, label: `Waived ${w} — ${member.email}` }, details: { book: `Waived ${w}`, member: member.email } });
    expect(entry.details.amount).toBeGreaterThan(0);

    const rulesIp = freshIp();
    const res = await call('PUT', '/library/settings', librarian.auth, rulesIp, { ...DEFAULT_SETTINGS, loanPeriodDays: DEFAULT_SETTINGS.loanPeriodDays + 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await only('settings.changed', rulesIp)).toMatchObject({
      actor: { id: librarian.user.id },
      target: { type: 'settings', id: 'library' },
      changes: { loanPeriodDays: { from: DEFAULT_SETTINGS.loanPeriodDays, to: DEFAULT_SETTINGS.loanPeriodDays + 1 } },
    });
    expect(Object.keys((await only('settings.changed', rulesIp)).changes)).toEqual(['loanPeriodDays']);
    await putSettings(t, librarian.auth, {});
  });

  it('records report downloads with the report and its parameters', async () => {
    const ip = freshIp();
    const staff = await loginAs(t, ['Staff']);
    expect((await call('GET', '/reports/library-overdue?format=csv', staff.auth, ip)).statusCode).toBe(200);
    expect(await only('report.downloaded', ip)).toMatchObject({ actor: { id: staff.user.id }, target: { type: 'report', id: 'library-overdue' }, details: { format: 'csv' } });
  });
});
