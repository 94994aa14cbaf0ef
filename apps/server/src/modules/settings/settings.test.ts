// Settings (issue 14 item 3, decision 0033): SuperAdmin only, the public subset, every bound,
// applied at once (in this process and in a second one on the same database), audited, the logo,
// and the test mail over a real SMTP server.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Exam, Results } from '@crs/shared/schemas/assessment';
import type { AuditList } from '@crs/shared/schemas/audit';
import type { StudentAttendance } from '@crs/shared/schemas/attendance';
import type { IdCard } from '@crs/shared/schemas/idcards';
import { DEFAULT_GRADE_SCALE } from '@crs/shared/schemas/settings';
import type { PublicSettings, Settings } from '@crs/shared/schemas/settings';
import { apiOn, createPeerApp, createTestApp, login, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { decodeBody, startSmtp } from '../../../test/smtp.ts';
import { multipart, one } from '../../../test/util.ts';
import { collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/files', name));

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
let admin: Auth;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, CRS_COLLEGE_NAME: 'Initial College of Testing', CRS_ATTENDANCE_THRESHOLD: '70' });
  superAdmin = await loginAs(t, ['SuperAdmin']);
  admin = (await loginAs(t, ['Admin'])).auth;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = apiOn(() => t.app);
const getSettings = async () => (await api('GET', '/settings', superAdmin.auth)).json().settings as Settings;
async function patch(body: object, status = 200) {
  const res = await api('PATCH', '/settings', superAdmin.auth, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const today = () => collegeClock(t.ctx.config.timeZone).date;

describe('settings: who may read and change them', () => {
  it('answers every setting to a SuperAdmin, with the environment as initial values; Admin 403, no token 401', async () => {
    const s = await getSettings();
    expect(s).toMatchObject({
      institutionName: 'Initial College of Testing',
      shortName: 'CRS',
      registrationApproval: true,
      studentRegistration: 'open',
      registrationDomains: [],
      selfServiceReturn: true,
      attendanceThreshold: 70,
      attendanceCorrectionDays: 7,
      gradeScale: DEFAULT_GRADE_SCALE,
      accessTokenMinutes: 15,
      sessionDays: 30,
      sessionIdleDays: 7,
      auditRetentionDays: 365,
      holdBackAttendanceBelow: 0,
      holdBackFailedCreditsAbove: null,
      logoUrl: null,
      smtpConfigured: true,
    });
    expect(s.academicYear).toMatch(/^\d{4}-\d{2}$/);
    expect(s.terms.length).toBeGreaterThan(0);
    for (const [method, url, body] of [
      ['GET', '/settings', undefined],
      ['PATCH', '/settings', { shortName: 'X' }],
      ['POST', '/settings/test-mail', {}],
      ['DELETE', '/settings/logo', undefined],
    ] as const) {
      expect((await api(method, url, admin, body)).statusCode, `${method} ${url} as Admin`).toBe(403);
      expect((await api(method, url, undefined, body)).statusCode, `${method} ${url} without a token`).toBe(401);
    }
    expect((await getSettings()).shortName).toBe('CRS');
  });

  it('answers the public subset to anyone: names, logo, academic year, time zone and the rules pages explain', async () => {
    const res = await api('GET', '/settings/public');
    expect(res.statusCode).toBe(200);
    const pub = res.json() as PublicSettings;
    expect(Object.keys(pub).sort()).toEqual(['academicYear', 'institutionName', 'logoUrl', 'opacEnabled', 'registrationDomains', 'selfServiceReturn', 'shortName', 'studentRegistration', 'timeZone']);
    // The zone the client shows dates in is the server's (CRS_TIMEZONE), the one "today" is reckoned in.
    expect(pub.timeZone).toBe(t.ctx.config.timeZone);
    expect(pub.institutionName).toBe((await getSettings()).institutionName);
  });
});

describe('settings: bounds', () => {
  const scale = (bands: Array<[string, number, number]>) => bands.map(([grade, points, min]) => ({ grade, points, min }));
  const cases: Array<[string, object, string]> = [
    ['institution name too short', { institutionName: 'X' }, MSG.settingsInstitutionName],
    ['institution name too long', { institutionName: 'x'.repeat(81) }, MSG.settingsInstitutionName],
    ['short name empty', { shortName: '  ' }, MSG.settingsShortName],
    ['academic year not consecutive', { academicYear: '2026-28' }, MSG.academicYearFormat],
    ['term ends before it starts', { terms: [{ name: 'Odd', start: '2026-07-01', end: '2026-06-30' }] }, MSG.settingsTermOrder],
    [
      'terms overlap',
      {
        terms: [
          { name: 'Odd', start: '2026-07-01', end: '2026-11-30' },
          { name: 'Even', start: '2026-11-30', end: '2027-04-30' },
        ],
      },
      MSG.settingsTermsOverlap,
    ],
    ['term without a name', { terms: [{ name: '', start: '2026-07-01', end: '2026-11-30' }] }, MSG.settingsTermName],
    ['term date not a date', { terms: [{ name: 'Odd', start: '2026-02-30', end: '2026-11-30' }] }, MSG.dateFormat],
    ['approval not a boolean', { registrationApproval: 'off' }, MSG.settingsApproval],
    ['threshold under 50', { attendanceThreshold: 49 }, MSG.settingsThreshold],
    ['threshold over 100', { attendanceThreshold: 101 }, MSG.settingsThreshold],
    ['threshold not whole', { attendanceThreshold: 75.5 }, MSG.settingsThreshold],
    ['correction window negative', { attendanceCorrectionDays: -1 }, MSG.settingsCorrectionDays],
    ['correction window over 90', { attendanceCorrectionDays: 91 }, MSG.settingsCorrectionDays],
    ['one band only', { gradeScale: scale([['P', 4, 0]]) }, MSG.settingsGradeCount],
    ['scale not from 0', { gradeScale: scale([['A', 10, 60], ['B', 5, 40]]) }, MSG.settingsGradeFromZero],
    ['bands out of order', { gradeScale: scale([['A', 10, 40], ['B', 5, 60], ['F', 0, 0]]) }, MSG.settingsGradeOrder],
    ['points rising', { gradeScale: scale([['A', 5, 60], ['B', 8, 40], ['F', 0, 0]]) }, MSG.settingsGradePointsOrder],
    ['grade twice', { gradeScale: scale([['A', 10, 60], ['a', 5, 40], ['F', 0, 0]]) }, MSG.settingsGradeUnique],
    ['points over 10', { gradeScale: scale([['A', 11, 50], ['F', 0, 0]]) }, MSG.settingsGradePoints],
    ['band start over 100', { gradeScale: scale([['A', 10, 101], ['F', 0, 0]]) }, MSG.settingsGradeMin],
    ['access token under 5 minutes', { accessTokenMinutes: 4 }, MSG.settingsAccessMinutes],
    ['access token over 60 minutes', { accessTokenMinutes: 61 }, MSG.settingsAccessMinutes],
    ['session under a day', { sessionDays: 0 }, MSG.settingsSessionDays],
    ['session over 90 days', { sessionDays: 91 }, MSG.settingsSessionDays],
    ['idle over 30 days', { sessionIdleDays: 31 }, MSG.settingsIdleDays],
    ['idle longer than the session', { sessionDays: 3, sessionIdleDays: 5 }, MSG.settingsIdleOverSession],
    ['idle longer than the session in force', { sessionDays: 5 }, MSG.settingsIdleOverSession],
    ['retention under 30 days', { auditRetentionDays: 29 }, MSG.settingsRetentionDays],
    ['retention over 10 years', { auditRetentionDays: 3651 }, MSG.settingsRetentionDays],
    ['nothing to change', {}, MSG.settingsNothingToChange],
    ['an unknown field', { smtpUrl: 'smtp://evil' }, MSG.unknownField('smtpUrl')],
  ];
  it.each(cases)('refuses %s with 400 and its message, saving nothing', async (_name, body, message) => {
    const before = await getSettings();
    const json = await patch(body, 400);
    expect(json.message).toBe(message);
    expect(json.code).toBe('VALIDATION_FAILED');
    expect(await getSettings()).toEqual(before);
  });
});

describe('settings: saved, audited and applied without a restart', () => {
  it('saves the fields given, answers the whole settings, and audits each changed field with its before and after', async () => {
    const before = await getSettings();
    const terms = [
      { name: 'Autumn', start: '2026-07-15', end: '2026-12-10' },
      { name: 'Spring', start: '2027-01-05', end: '2027-05-20' },
    ];
    const json = await patch({ shortName: 'ICT', academicYear: '2026-27', terms, auditRetentionDays: 400 });
    expect(json.message).toBe(MSG.settingsSaved);
    expect(json.settings).toMatchObject({ ...before, shortName: 'ICT', academicYear: '2026-27', terms, auditRetentionDays: 400, updatedAt: expect.any(String) });
    const log = (await api('GET', '/audit?action=settings.changed', superAdmin.auth)).json() as AuditList;
    const entry = log.entries[0]!;
    expect(entry).toMatchObject({ action: 'settings.changed', actor: { id: superAdmin.user.id }, target: { type: 'settings', id: null, label: 'Settings' } });
    expect(entry.changes).toEqual({
      shortName: { from: before.shortName, to: 'ICT' },
      ...(before.academicYear === '2026-27' ? {} : { academicYear: { from: before.academicYear, to: '2026-27' } }),
      terms: { from: before.terms, to: terms },
      auditRetentionDays: { from: before.auditRetentionDays, to: 400 },
    });
    // Saving the same values again changes nothing and writes no entry.
    await patch({ shortName: 'ICT' });
    expect(((await api('GET', '/audit?action=settings.changed', superAdmin.auth)).json() as AuditList).total).toBe(log.total);
  });

  it('registration approval: off lets a Teacher sign-up in at once, on makes the next one wait', async () => {
    const register = (email: string) => api('POST', '/auth/register', undefined, { name: 'New Teacher', email, phone: '9876543210', password: 'secret123', roles: 'Teacher' });
    await patch({ registrationApproval: false });
    const open = await register(uniqueEmail('open'));
    expect(open.statusCode, open.body).toBe(201);
    expect(open.json()).toMatchObject({ user: { status: 'active' }, token: expect.any(String) });
    await patch({ registrationApproval: true });
    const waiting = await register(uniqueEmail('wait'));
    expect(waiting.json()).toMatchObject({ message: MSG.registeredPending, user: { status: 'pending' } });
  });

  it('lifetimes: the next sign-in gets the new access token lifetime and session length; sessions already started keep theirs', async () => {
    const user = await person(t, 'Teacher');
    const first = await login(t.app, user.user.email, user.user.password);
    const c1 = decodeJwt(first.token);
    expect(c1.exp! - c1.iat!).toBe(15 * 60);
    await patch({ accessTokenMinutes: 5, sessionDays: 10, sessionIdleDays: 2 });
    const second = await login(t.app, user.user.email, user.user.password);
    const c2 = decodeJwt(second.token);
    expect(c2.exp! - c2.iat!).toBe(5 * 60);
    const days = async (sid: unknown) =>
      (await one<{ d: number }>(t.ctx, sql`select round(extract(epoch from expires_at - created_at) / 86400)::int as d from sessions where id = ${sid as string}`)).d;
    expect(await days(c2.sid)).toBe(10);
    expect(await days(c1.sid)).toBe(30);
    // A refresh of the new session signs with the lifetime in force.
    const refreshed = await api('POST', '/auth/refresh', undefined, { refreshToken: second.refreshToken });
    const c3 = decodeJwt(refreshed.json().token as string);
    expect(c3.exp! - c3.iat!).toBe(5 * 60);
    await patch({ accessTokenMinutes: 15, sessionDays: 30, sessionIdleDays: 7 });
  });

  it('grading: results are graded on the new scale at once', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const student = c.students[0]!;
    const ex = await api('POST', '/assesment/exams', teacher.auth, { name: 'End', kind: 'end-term', maxMarks: 100, weight: 100, date: today(), subjectId: c.subject._id, sectionId: c.section._id });
    expect(ex.statusCode, ex.body).toBe(201);
    const exam = ex.json().exam as Exam;
    expect((await api('PUT', `/assesment/exams/${exam._id}/marks`, teacher.auth, { marks: [{ studentId: student.user.id, marks: 55 }] })).statusCode).toBe(200);
    expect((await api('POST', `/assesment/exams/${exam._id}/publish`, teacher.auth, {})).statusCode).toBe(200);
    const results = async () => (await api('GET', '/results/me', student.auth)).json() as Results;
    expect((await results()).subjects[0]).toMatchObject({ percent: 55, grade: 'B', gradePoint: 6 });
    const pass = [
      { grade: 'D', points: 10, min: 50 },
      { grade: 'NP', points: 0, min: 0 },
    ];
    await patch({ gradeScale: pass });
    const after = await results();
    expect(after.subjects[0]).toMatchObject({ grade: 'D', gradePoint: 10 });
    expect(after.cgpa).toBe(10);
    expect(after.scale).toEqual(pass);
    await patch({ gradeScale: DEFAULT_GRADE_SCALE });
  });

  it('attendance: a new threshold changes who is below it; a new window changes what a teacher may correct', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 1);
    const sid = c.students[0]!.user.id;
    // Declared extra classes: the fixture's class has no timetable slots.
    for (const [start, end, status] of [
      ['09:00', '10:00', 'present'],
      ['10:00', '11:00', 'present'],
      ['11:00', '12:00', 'absent'],
    ] as const) {
      const r = await api('PUT', '/attendance/sessions', teacher.auth, { assignmentId: c.assignment._id, date: today(), start, extra: true, end, records: [{ studentId: sid, status }] });
      expect(r.statusCode, r.body).toBe(200);
    }
    const mine = async () => (await api('GET', `/attendance/students/${sid}`, teacher.auth)).json() as StudentAttendance;
    expect((await mine()).overall).toMatchObject({ att: 66.7, belowThreshold: true });
    await patch({ attendanceThreshold: 60 });
    expect(await mine()).toMatchObject({ threshold: 60, overall: { belowThreshold: false } });

    const twoDaysAgo = new Date(Date.parse(`${today()}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    await patch({ attendanceCorrectionDays: 1 });
    const late = await api('PUT', '/attendance/sessions', teacher.auth, { assignmentId: c.assignment._id, date: twoDaysAgo, start: '09:00', records: [{ studentId: sid, status: 'present' }] });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(MSG.attendanceWindowClosed(1));
    await patch({ attendanceThreshold: 70, attendanceCorrectionDays: 7 });
  });

  it('applies in a second server process on the same database at once', async () => {
    const peer = await createPeerApp(t);
    try {
      const name = async () => ((await peer.app.inject({ url: '/api/v1/settings/public' })).json() as PublicSettings).institutionName;
      expect(await name()).toBe((await getSettings()).institutionName); // the peer has it cached now
      await patch({ institutionName: 'Renamed College of Testing' });
      await expect.poll(name, { timeout: 5000 }).toBe('Renamed College of Testing');
      await patch({ registrationApproval: false });
      await expect
        .poll(async () => ((await peer.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { name: 'Peer Teacher', email: uniqueEmail('peer'), phone: '9876543210', password: 'secret123', roles: 'Teacher' } })).json() as { user: { status: string } }).user.status, { timeout: 5000 })
        .toBe('active');
    } finally {
      await patch({ institutionName: 'Initial College of Testing', registrationApproval: true });
      await peer.close();
    }
  });
});

describe('settings: logo and ID cards', () => {
  it('takes a PNG or JPEG logo, shows it publicly, draws the institution name on new ID cards; refuses other types', async () => {
    const put = (bytes: Buffer, name: string) => {
      const form = multipart(bytes, name);
      return t.app.inject({ method: 'PUT', url: '/api/v1/settings/logo', headers: { ...superAdmin.auth, ...form.headers }, payload: form.payload });
    };
    expect((await put(fixture('tiny.gif'), 'logo.gif')).statusCode).toBe(415);
    expect((await put(fixture('evil.svg'), 'logo.png')).statusCode).toBe(415);
    const adminForm = multipart(fixture('avatar.png'), 'logo.png');
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/settings/logo', headers: { ...admin, ...adminForm.headers }, payload: adminForm.payload })).statusCode).toBe(403);

    const res = await put(fixture('avatar.png'), 'logo.png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.settingsLogoSaved);
    const logoUrl = (res.json().settings as Settings).logoUrl!;
    expect(logoUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    expect(((await api('GET', '/settings/public')).json() as PublicSettings).logoUrl).toBe(logoUrl);
    const img = await t.app.inject({ url: logoUrl }); // no token: the sign-in page shows it
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    // Replacing it removes the old file.
    const second = ((await put(fixture('avatar.jpg'), 'logo.jpg')).json().settings as Settings).logoUrl!;
    expect(second).not.toBe(logoUrl);
    expect((await t.app.inject({ url: logoUrl })).statusCode).toBe(404);

    await patch({ institutionName: 'Logo Test Institute' });
    const student = await person(t, 'Student');
    const gen = await t.app.inject({ method: 'POST', url: `/api/v1/students/${student.user.id}/idcard`, headers: admin });
    expect(gen.statusCode, gen.body).toBe(201);
    const card = gen.json().card as IdCard;
    const png = await t.app.inject({ url: card.url });
    expect(png.statusCode).toBe(200);
    const pdf = await t.app.inject({ url: card.pdfUrl });
    expect(pdf.rawPayload.toString('latin1')).toContain('Logo Test Institute');

    const removed = await api('DELETE', '/settings/logo', superAdmin.auth);
    expect(removed.json()).toMatchObject({ message: MSG.settingsLogoRemoved, settings: { logoUrl: null } });
    expect((await api('DELETE', '/settings/logo', superAdmin.auth)).statusCode).toBe(409);
    const log = (await api('GET', '/audit?action=settings.changed', superAdmin.auth)).json() as AuditList;
    expect(log.entries[0]!.changes).toEqual({ logo: { from: second, to: null } });
    await patch({ institutionName: 'Initial College of Testing' });
  });
});

describe('settings: test mail', () => {
  it('sends a real mail to the caller (or a given address) over SMTP, signed with the institution name, and audits it', async () => {
    const res = await api('POST', '/settings/test-mail', superAdmin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.testMailSent(superAdmin.user.email), to: superAdmin.user.email });
    const got = smtp.received.find((m) => m.to.includes(superAdmin.user.email));
    expect(got).toBeDefined();
    expect(got!.raw).toContain(`Subject: ${MSG.testMailSubject('Initial College of Testing')}`);
    expect(decodeBody(got!.raw)).toContain('-- \r\nInitial College of Testing');

    const other = uniqueEmail('postmaster');
    expect((await api('POST', '/settings/test-mail', superAdmin.auth, { to: other })).statusCode).toBe(200);
    expect(smtp.received.some((m) => m.to.includes(other))).toBe(true);
    expect((await api('POST', '/settings/test-mail', superAdmin.auth, { to: 'not-an-address' })).json().message).toBe(MSG.invalidEmail);

    const log = (await api('GET', '/audit?action=settings.test_mail', superAdmin.auth)).json() as AuditList;
    expect(log.entries[0]).toMatchObject({ actor: { id: superAdmin.user.id }, details: { to: other, outcome: 'sent' } });
  });

  it('answers 409 without an SMTP server and 502 with the reason when the server cannot be reached', async () => {
    const noSmtp = await createTestApp();
    try {
      const sa = await loginAs(noSmtp, ['SuperAdmin']);
      const res = await noSmtp.app.inject({ method: 'POST', url: '/api/v1/settings/test-mail', headers: sa.auth });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: MSG.testMailNoSmtp, code: 'SMTP_NOT_CONFIGURED' });
    } finally {
      await noSmtp.close();
    }
    // A port nobody listens on: connection refused.
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const sa = await loginAs(down, ['SuperAdmin']);
      const res = await down.app.inject({ method: 'POST', url: '/api/v1/settings/test-mail', headers: sa.auth });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('SMTP_FAILED');
      expect(res.json().message).toMatch(/^The SMTP server refused the test mail: .*ECONNREFUSED/);
    } finally {
      await down.close();
    }
  });
});
