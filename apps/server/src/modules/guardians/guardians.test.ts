// Guardians (issue 30 items 3–4, decision 0052): link codes (hashed, 7 days, single use, throttled),
// sign-up with a code, a guardian reading their child through the student endpoints with the
// answers an Admin gets (403 for any other student), Admin link/unlink and import, and the absence
// alert: one per guardian, child and day after the day's last class, however many servers run it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { listNotificationsResponse } from '@crs/shared/schemas/notifications';
import type { Notification } from '@crs/shared/schemas/notifications';
import { apiOn, createPeerApp, createTestApp, createUser, login, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { multipart, rows } from '../../../test/util.ts';
import { collegeClock } from '../../lib/time.ts';
import { addSlot, assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';
import * as reminders from '../reminders/reminders.service.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Auth;
const api = apiOn(() => t.app);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  admin = (await loginAs(t, ['Admin'])).auth;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (token: string): Auth => ({ authorization: `Bearer ${token}` });
const mine = async (auth: Auth): Promise<Notification[]> => listNotificationsResponse.parse((await api('GET', '/notifications?pageSize=100', auth)).json()).notifications;

async function makeCode(auth: Auth, studentRef: string) {
  const r = await api('POST', `/students/${studentRef}/guardian-codes`, auth);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { code: string; expiresAt: string };
}

async function registerGuardian(code: string, email = uniqueEmail('parent')) {
  return api('POST', '/auth/register', {}, { name: 'Suresh Sharma', email, phone: '9876543210', password: 'secret123', roles: 'Guardian', guardianCode: code });
}

/** A guardian signed up with the student's code: their auth and account. */
async function guardianOf(student: { auth: Auth; user: { id: string } }) {
  const { code } = await makeCode(student.auth, student.user.id);
  const r = await registerGuardian(code);
  expect(r.statusCode, r.body).toBe(201);
  const body = r.json();
  return { auth: bearer(body.token), user: body.user as { _id: string; email: string } };
}

describe('link codes and sign-up', () => {
  it('a student makes a code (7 days); a guardian signs up with it, active at once, and sees the child', async () => {
    const s = await loginAs(t, ['Student']);
    const { code, expiresAt } = await makeCode(s.auth, s.user.id);
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only the hash is stored.
    expect(await rows(t.ctx, sql`select 1 from guardian_codes where code_hash = ${code}`)).toHaveLength(0);

    const r = await registerGuardian(code.toLowerCase().replace('-', ' '));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().user.roles).toEqual(['Guardian']);
    const g = bearer(r.json().token);
    const kids = await api('GET', '/guardians/me/children', g);
    expect(kids.statusCode).toBe(200);
    expect(kids.json().children.map((c: { _id: string }) => c._id)).toEqual([s.user.id]);
    const audit = await rows(t.ctx, sql`select action from audit_log where target_id = ${s.user.id} and action like 'guardian.%' order by at`);
    expect(audit.map((a) => a.action)).toEqual(['guardian.code_created', 'guardian.linked']);
  });

  it('a code works once; an expired, unknown or missing code is a 400 and creates no account', async () => {
    const s = await loginAs(t, ['Student']);
    const { code } = await makeCode(s.auth, s.user.id);
    expect((await registerGuardian(code)).statusCode).toBe(201);
    const email = uniqueEmail('second');
    const again = await registerGuardian(code, email);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'GUARDIAN_CODE_INVALID', message: MSG.guardianCodeInvalid });
    expect(await rows(t.ctx, sql`select id from users where email = ${email}`)).toHaveLength(0);

    const old = await makeCode(s.auth, s.user.id);
    await t.ctx.db.execute(sql`update guardian_codes set expires_at = now() - interval '1 second' where student_id = ${s.user.id} and used_at is null`);
    expect((await registerGuardian(old.code, email)).json().code).toBe('GUARDIAN_CODE_INVALID');
    expect((await registerGuardian('AAAAA-BBBBB', email)).statusCode).toBe(400);
    const none = await api('POST', '/auth/register', {}, { name: 'Suresh Sharma', email, phone: '9876543210', password: 'secret123', roles: 'Guardian' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ path: 'guardianCode', message: MSG.guardianCodeRequired }]);
    expect(await rows(t.ctx, sql`select id from users where email = ${email}`)).toHaveLength(0);
  });

  it('only the student themself or an Admin makes a code; wrong codes are throttled', async () => {
    const s = await loginAs(t, ['Student']);
    const other = await loginAs(t, ['Student']);
    const teacher = await loginAs(t, ['Teacher']);
    expect((await api('POST', `/students/${s.user.id}/guardian-codes`, other.auth)).statusCode).toBe(403);
    expect((await api('POST', `/students/${s.user.id}/guardian-codes`, teacher.auth)).statusCode).toBe(403);
    expect((await api('POST', `/students/${s.user.id}/guardian-codes`, {})).statusCode).toBe(401);
    const byAdmin = await makeCode(admin, s.user.id);

    const g = await guardianOf(other);
    for (let i = 0; i < 10; i++) expect((await api('POST', '/guardians/me/children', g.auth, { code: `WRONG-${i}AAAA` })).statusCode).toBe(400);
    const throttled = await api('POST', '/guardians/me/children', g.auth, { code: byAdmin.code });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
  });

  it('a guardian links a second child with its code', async () => {
    const [a, b] = [await loginAs(t, ['Student']), await loginAs(t, ['Student'])];
    const g = await guardianOf(a);
    const { code } = await makeCode(b.auth, b.user.id);
    const r = await api('POST', '/guardians/me/children', g.auth, { code });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().child._id).toBe(b.user.id);
    expect((await api('GET', '/guardians/me/children', g.auth)).json().children).toHaveLength(2);
    // A student cannot use the guardians' endpoints.
    expect((await api('GET', '/guardians/me/children', a.auth)).statusCode).toBe(403);
  });
});

describe('a guardian reads their child', () => {
  it('every student endpoint answers as it does to an Admin; another student is 403', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [child, stranger] = c.students;
    const g = await guardianOf(child!);
    const urls = (id: string) => [
      `/attendance/students/${id}`,
      `/results/students/${id}`,
      `/assesment/students/${id}/upcoming`,
      `/library/students/${id}/loans`,
      `/library/students/${id}/summary`,
      `/academics/timetable/students/${id}`,
      `/students/${id}/notices`,
    ];
    for (const url of urls(child!.user.id)) {
      const [mineR, adminR] = [await api('GET', url, g.auth), await api('GET', url, admin)];
      expect(mineR.statusCode, `${url} ${mineR.body}`).toBe(200);
      expect(mineR.json(), url).toEqual(adminR.json());
    }
    for (const url of [...urls(stranger!.user.id), ...urls('STU999999')]) {
      expect((await api('GET', url, g.auth)).statusCode, url).toBe(403);
    }
  });
});

describe('Admin: link, unlink, import', () => {
  it('links an existing guardian by email, lists, unlinks (audited); the unlinked guardian gets 403', async () => {
    const s = await loginAs(t, ['Student']);
    const parent = await createUser(t.ctx, { roles: ['Guardian'], name: 'Kavita Sharma' });
    const g = bearer((await login(t.app, parent.email, parent.password)).token);
    const linked = await api('POST', `/students/${s.user.id}/guardians`, admin, { email: parent.email, relation: 'Mother' });
    expect(linked.statusCode, linked.body).toBe(201);
    expect((await api('POST', `/students/${s.user.id}/guardians`, admin, { email: parent.email })).statusCode).toBe(409);
    expect((await api('POST', `/students/${s.user.id}/guardians`, admin, { email: s.user.email })).statusCode).toBe(404);
    const list = (await api('GET', `/students/${s.user.id}/guardians`, admin)).json().guardians;
    expect(list).toMatchObject([{ _id: parent.id, name: 'Kavita Sharma', relation: 'Mother' }]);
    expect((await api('GET', `/attendance/students/${s.user.id}`, g)).statusCode).toBe(200);

    expect((await api('DELETE', `/guardians/${parent.id}/children/${s.user.id}`, s.auth)).statusCode).toBe(403);
    expect((await api('DELETE', `/guardians/${parent.id}/children/${s.user.id}`, admin)).statusCode).toBe(200);
    expect((await api('DELETE', `/guardians/${parent.id}/children/${s.user.id}`, admin)).statusCode).toBe(404);
    expect((await api('GET', `/attendance/students/${s.user.id}`, g)).statusCode).toBe(403);
    const audit = await rows(t.ctx, sql`select action from audit_log where target_id = ${s.user.id} and action like 'guardian.%' order by at`);
    expect(audit.map((a) => a.action)).toEqual(['guardian.linked', 'guardian.unlinked']);
  });

  it('imports guardian links from a spreadsheet: new guardians made, re-import skips, a bad row is a 422 and writes nothing', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const ids = await rows<{ student_id: string }>(t.ctx, sql`select student_id from users where id = any(${sql.param(c.students.map((s) => s.user.id))}::uuid[]) order by name`);
    const [a, b] = ids.map((r) => r.student_id);
    const mail = uniqueEmail('import');
    const csv = `Guardian email,Guardian name,Student ID,Relation\n${mail},Mahesh Reddy,${a},Father\n${mail},Mahesh Reddy,${b},Father\n`;
    const send = (text: string, dry = false) => {
      const form = multipart(text, 'guardians.csv');
      return t.app.inject({ method: 'POST', url: `/api/v1/guardians/import${dry ? '?dryRun=true' : ''}`, headers: { ...admin, ...form.headers }, payload: form.payload });
    };
    const preview = await send(csv, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, created: 2 });
    const done = await send(csv);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ created: 2, skipped: 0 });
    expect((await send(csv)).json()).toMatchObject({ created: 0, skipped: 2 });
    const [made] = await rows<{ roles: string[]; id: string }>(t.ctx, sql`select id, roles from users where email = ${mail}`);
    expect(made!.roles).toEqual(['Guardian']);
    expect(await rows(t.ctx, sql`select 1 from guardian_links where guardian_id = ${made!.id}`)).toHaveLength(2);

    const other = uniqueEmail('bad');
    const bad = await send(`Guardian email,Guardian name,Student ID,Relation\n${other},Latha Rao,${a},Mother\n${other},Latha Rao,STU000000,Mother\n`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ row: 3, field: 'studentId', message: MSG.guardianImportStudent }]);
    expect(await rows(t.ctx, sql`select id from users where email = ${other}`)).toHaveLength(0);
  });
});

describe('absence alerts', () => {
  it("one alert per guardian and day after the day's last class, listing the missed classes; two servers send it once, by mail too", async () => {
    expect(t.ctx.config.timeZone).toBe('Asia/Kolkata');
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [child, present] = c.students;
    const g = await guardianOf(child!);
    const gp = await guardianOf(present!);
    const { date, weekday } = collegeClock('Asia/Kolkata');
    const at = (hhmm: string) => new Date(`${date}T${hhmm}:00+05:30`);
    // The day's last timetabled class ends at 16:00.
    await addSlot(t, admin, { assignmentId: c.assignment._id, weekday, start: '15:00', end: '16:00', room: 'B-204' });
    for (const start of ['09:00', '11:00']) {
      const records = [
        { studentId: child!.user.id, status: 'absent' },
        { studentId: present!.user.id, status: 'present' },
      ];
      const r = await api('PUT', '/attendance/sessions', teacher.auth, { assignmentId: c.assignment._id, date, start, end: `${start.slice(0, 2)}:50`, extra: true, records });
      expect(r.statusCode, r.body).toBe(200);
    }
    // Before the last class ends: nothing yet.
    expect(await reminders.absenceAlerts(t.ctx, at('15:30'))).toBe(0);
    expect((await mine(g.auth)).filter((n) => n.kind === 'absence')).toHaveLength(0);

    const peer = await createPeerApp(t);
    try {
      await Promise.all([reminders.absenceAlerts(t.ctx, at('16:45')), reminders.absenceAlerts(peer.ctx, at('16:45')), reminders.absenceAlerts(t.ctx, at('17:45'))]);
    } finally {
      await peer.close();
    }
    const got = (await mine(g.auth)).filter((n) => n.kind === 'absence');
    const name = child!.user.name;
    expect(got).toHaveLength(1);
    expect(got[0]!.title).toBe(MSG.absenceAlertTitle(name, date, 2));
    expect(got[0]!.body).toBe(MSG.absenceAlertBody(name, [`${c.subject.name} (09:00)`, `${c.subject.name} (11:00)`]));
    expect((await mine(gp.auth)).filter((n) => n.kind === 'absence')).toHaveLength(0);
    // The child is not told by this alert; their guardian's mail reached the SMTP server once.
    expect((await mine(child!.auth)).filter((n) => n.kind === 'absence')).toHaveLength(0);
    const email = g.user.email;
    const end = Date.now() + 10_000;
    while (!smtp.received.some((m) => m.to.includes(email)) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain(`${name} missed 2 classes`);
  });

  it('a guardian who turned absence alerts off still sees them in-app but gets no mail', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const child = c.students[0]!;
    const g = await guardianOf(child);
    const prefs = await api('PATCH', '/notifications/preferences', g.auth, { preferences: [{ kind: 'absence', email: 'off' }] });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const { date } = collegeClock('Asia/Kolkata');
    const r = await api('PUT', '/attendance/sessions', teacher.auth, { assignmentId: c.assignment._id, date, start: '10:00', end: '10:50', extra: true, records: [{ studentId: child.user.id, status: 'absent' }] });
    expect(r.statusCode, r.body).toBe(200);
    await reminders.absenceAlerts(t.ctx, new Date(`${date}T23:59:00+05:30`));
    expect((await mine(g.auth)).filter((n) => n.kind === 'absence')).toHaveLength(1);
    const [row] = await rows<{ email: string }>(t.ctx, sql`select email from notifications where user_id = ${g.user._id} and kind = 'absence'`);
    expect(row!.email).toBe('none');
  });

  it('a SuperAdmin can run a job now; an unknown job is a 404 and others are refused', async () => {
    const superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
    expect((await api('POST', '/system/jobs/reminders.nothing/run', superAdmin, {})).statusCode).toBe(404);
    expect((await api('POST', '/system/jobs/reminders.absence/run', admin, {})).statusCode).toBe(403);
    expect((await api('POST', '/system/jobs/reminders.absence/run', superAdmin, { date: 'yesterday' })).statusCode).toBe(400);
  });
});
