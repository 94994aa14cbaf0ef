// The notification engine (issue 30 item 1): the caller's list (paged, newest first, unread), read
// and read-all, preferences with role defaults, mail at once and in the daily digest through a real
// SMTP server, a permanent bounce that stops mail until cleared, and what was sent per day.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { defaultEmailMode, listNotificationsResponse, preferencesResponse, sentResponse } from '@crs/shared/schemas/notifications';
import { apiOn, createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { decodeBody, startSmtp } from '../../../test/smtp.ts';
import { one, rows } from '../../../test/util.ts';
import * as notifications from './notifications.service.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const api = apiOn(() => t.app);
const BOUNCING = /bounce-me/;

beforeAll(async () => {
  smtp = await startSmtp(0, (address) => BOUNCING.test(address));
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const outbox = (email: string) => rows<{ status: string; subject: string; last_error: string | null }>(t.ctx, sql`select status, subject, last_error from mail_outbox where "to" = ${email} order by id`);

describe('the caller’s notifications', () => {
  it('lists newest first with paging and the unread count; read and read-all mark them; another user’s is not found', async () => {
    const s = await loginAs(t, ['Student']);
    const other = await loginAs(t, ['Student']);
    const empty = listNotificationsResponse.parse((await api('GET', '/notifications', s.auth)).json());
    expect(empty).toEqual({ notifications: [], total: 0, unread: 0 });
    for (let i = 1; i <= 5; i++) {
      await notifications.notify(t.ctx, [{ userId: s.user.id, kind: 'notices', title: `Notice ${i}`, body: `Body ${i}`, link: '/dashboard/student/notices' }]);
    }
    await notifications.notify(t.ctx, [{ userId: other.user.id, kind: 'notices', title: 'Not yours', body: 'x' }]);
    const page1 = listNotificationsResponse.parse((await api('GET', '/notifications?pageSize=2', s.auth)).json());
    expect(page1.total).toBe(5);
    expect(page1.unread).toBe(5);
    expect(page1.notifications.map((n) => n.title)).toEqual(['Notice 5', 'Notice 4']);
    const page3 = listNotificationsResponse.parse((await api('GET', '/notifications?pageSize=2&page=3', s.auth)).json());
    expect(page3.notifications.map((n) => n.title)).toEqual(['Notice 1']);

    const target = page1.notifications[1]!;
    const read = await api('POST', `/notifications/${target._id}/read`, s.auth);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().notification.readAt).not.toBeNull();
    const unread = listNotificationsResponse.parse((await api('GET', '/notifications?unread=true', s.auth)).json());
    expect(unread.total).toBe(4);
    expect(unread.notifications.map((n) => n.title)).not.toContain('Notice 4');

    const theirs = listNotificationsResponse.parse((await api('GET', '/notifications', other.auth)).json()).notifications[0]!;
    const refused = await api('POST', `/notifications/${theirs._id}/read`, s.auth);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND', message: MSG.notificationNotFound });

    const all = await api('POST', '/notifications/read-all', s.auth);
    expect(all.json()).toEqual({ message: MSG.notificationsMarkedRead(4), marked: 4 });
    expect(listNotificationsResponse.parse((await api('GET', '/notifications', s.auth)).json()).unread).toBe(0);
    expect((await api('POST', '/notifications/read-all', s.auth)).json()).toEqual({ message: MSG.notificationsMarkedRead(0), marked: 0 });
    // The other user's stays unread.
    expect(listNotificationsResponse.parse((await api('GET', '/notifications', other.auth)).json()).unread).toBe(1);
    expect((await api('GET', '/notifications', {})).statusCode).toBe(401);
  });

  it('stores a dedupe key once per user however often it is notified', async () => {
    const s = await loginAs(t, ['Student']);
    const item = { userId: s.user.id, kind: 'library' as const, title: 'Due soon', body: 'x', dedupeKey: 'test:once' };
    const stored = await Promise.all([notifications.notify(t.ctx, [item]), notifications.notify(t.ctx, [item]), notifications.notify(t.ctx, [item])]);
    expect(stored.reduce((a, b) => a + b, 0)).toBe(1);
    expect(listNotificationsResponse.parse((await api('GET', '/notifications', s.auth)).json()).total).toBe(1);
  });
});

describe('preferences', () => {
  it('answers the role’s defaults, saves a change with an audit entry, and refuses an unknown mode', async () => {
    const s = await loginAs(t, ['Student']);
    const before = preferencesResponse.parse((await api('GET', '/notifications/preferences', s.auth)).json());
    expect(before.bouncing).toBeNull();
    for (const p of before.preferences) expect(p).toEqual({ kind: p.kind, email: defaultEmailMode(['Student'], p.kind), isDefault: true });
    const res = await api('PATCH', '/notifications/preferences', s.auth, { preferences: [{ kind: 'notices', email: 'off' }, { kind: 'library', email: 'digest' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.notificationPreferencesSaved);
    const after = preferencesResponse.parse(res.json());
    expect(after.preferences.find((p) => p.kind === 'notices')).toEqual({ kind: 'notices', email: 'off', isDefault: false });
    expect(after.preferences.find((p) => p.kind === 'library')).toEqual({ kind: 'library', email: 'digest', isDefault: false });
    expect(after.preferences.find((p) => p.kind === 'results')?.isDefault).toBe(true);
    const entry = await one<{ action: string; changes: Record<string, { from: string; to: string }> }>(
      t.ctx,
      sql`select action, changes from audit_log where actor_id = ${s.user.id} and action = 'notifications.preferences_changed'`,
    );
    expect(entry.changes).toEqual({ notices: { from: 'digest', to: 'off' }, library: { from: 'immediate', to: 'digest' } });
    const bad = await api('PATCH', '/notifications/preferences', s.auth, { preferences: [{ kind: 'notices', email: 'hourly' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(MSG.notificationEmailInvalid);
  });
});

describe('mail', () => {
  it('mails an immediate kind at once, once, with its link; a digest kind waits for the digest; off never mails', async () => {
    const s = await loginAs(t, ['Student']);
    await api('PATCH', '/notifications/preferences', s.auth, { preferences: [{ kind: 'library', email: 'immediate' }, { kind: 'notices', email: 'digest' }, { kind: 'exams', email: 'off' }] });
    await notifications.notify(t.ctx, [
      { userId: s.user.id, kind: 'library', title: 'Overdue 1 day: Engineering Mathematics', body: 'Fine so far: ₹2.', link: '/library', dedupeKey: 'mail:1' },
      { userId: s.user.id, kind: 'notices', title: 'Notice: Holiday on Monday', body: 'Pongal.', link: '/dashboard/student/notices' },
      { userId: s.user.id, kind: 'notices', title: 'Notice: Fee last date', body: 'Pay by Friday.' },
      { userId: s.user.id, kind: 'exams', title: 'Exam tomorrow: Data Structures', body: 'x' },
    ]);
    const mail = await waitFor('the immediate mail', () => mailsTo(s.user.email)[0]);
    expect(mail.raw).toMatch(/Subject: Overdue 1 day: Engineering Mathematics/);
    expect(decodeBody(mail.raw)).toContain('http://crs.test/library');
    // Again with the same key: nothing more.
    await notifications.notify(t.ctx, [{ userId: s.user.id, kind: 'library', title: 'Overdue 1 day: Engineering Mathematics', body: 'x', dedupeKey: 'mail:1' }]);
    await notifications.dispatch(t.ctx);
    expect(mailsTo(s.user.email)).toHaveLength(1);

    // The digest: one mail with both notices, none of the exam; a second run sends nothing more.
    await notifications.sendDigests(t.ctx);
    const digest = await waitFor('the digest', () => mailsTo(s.user.email)[1]);
    const body = decodeBody(digest.raw);
    expect(digest.raw).toContain(`Subject: ${MSG.notificationDigestSubject(2)}`);
    expect(body).toContain('Notice: Holiday on Monday');
    expect(body).toContain('Notice: Fee last date');
    expect(body).toContain('http://crs.test/dashboard/student/notices');
    expect(body).not.toContain('Data Structures');
    await notifications.sendDigests(t.ctx);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(s.user.email)).toHaveLength(2);
    const states = await rows<{ title: string; email: string }>(t.ctx, sql`select title, email from notifications where user_id = ${s.user.id} order by title`);
    expect(Object.fromEntries(states.map((r) => [r.title, r.email]))).toEqual({
      'Exam tomorrow: Data Structures': 'none',
      'Notice: Fee last date': 'digested',
      'Notice: Holiday on Monday': 'digested',
      'Overdue 1 day: Engineering Mathematics': 'queued',
    });
  });

  it('a weekly kind waits for the weekly digest, which groups the week in one mail; the daily digest leaves it', async () => {
    const g = await loginAs(t, ['Guardian']);
    const saved = await api('PATCH', '/notifications/preferences', g.auth, { preferences: [{ kind: 'absence', email: 'weekly' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    await notifications.notify(t.ctx, [
      { userId: g.user.id, kind: 'absence', title: 'Aarav was absent on Monday', body: 'Data Structures (09:00).', link: '/dashboard/guardian', dedupeKey: 'absence:w:1' },
      { userId: g.user.id, kind: 'absence', title: 'Aarav was absent on Wednesday', body: 'Digital Electronics (11:00).', dedupeKey: 'absence:w:2' },
    ]);
    await notifications.sendDigests(t.ctx);
    await notifications.dispatch(t.ctx);
    expect((await rows<{ email: string }>(t.ctx, sql`select email from notifications where user_id = ${g.user.id}`)).map((r) => r.email)).toEqual(['weekly', 'weekly']);
    expect(mailsTo(g.user.email)).toHaveLength(0);

    await notifications.sendDigests(t.ctx, 'weekly');
    const weekly = await waitFor('the weekly digest', () => mailsTo(g.user.email)[0]);
    expect(weekly.raw).toContain(`Subject: ${MSG.notificationWeeklyDigestSubject(2)}`);
    const body = decodeBody(weekly.raw);
    expect(body).toContain(MSG.notificationWeeklyDigestIntro(2));
    expect(body).toContain('Aarav was absent on Monday');
    expect(body).toContain('Aarav was absent on Wednesday');
    await notifications.sendDigests(t.ctx, 'weekly');
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(g.user.email)).toHaveLength(1);
  });

  it('a permanent SMTP refusal marks the address bouncing: no more mail, shown in preferences, until cleared or changed', async () => {
    const s = await loginAs(t, ['Student']);
    const email = `bounce-me.${Date.now()}@test.crs`;
    await t.ctx.db.execute(sql`update users set email = ${email} where id = ${s.user.id}`);
    const auth = s.auth;
    await notifications.notify(t.ctx, [{ userId: s.user.id, kind: 'results', title: 'Results published: Thermodynamics', body: 'x' }]);
    const failed = await waitFor('the failed mail', async () => (await outbox(email)).find((m) => m.status === 'failed'));
    expect(failed.last_error).toMatch(/550/);
    // One attempt only: a 5xx is permanent.
    expect(mailsTo(email)).toHaveLength(0);
    const prefs = preferencesResponse.parse((await api('GET', '/notifications/preferences', auth)).json());
    expect(prefs.bouncing).toMatchObject({ address: email });
    expect(prefs.bouncing!.reason).toMatch(/550/);

    // Nothing more is mailed to it: the notification is stored (the bell) without mail.
    await notifications.notify(t.ctx, [{ userId: s.user.id, kind: 'results', title: 'Results published: Fluid Mechanics', body: 'x' }]);
    await notifications.dispatch(t.ctx);
    expect(await outbox(email)).toHaveLength(1);
    expect(listNotificationsResponse.parse((await api('GET', '/notifications', auth)).json()).total).toBe(2);
    // The outbox itself refuses a mail another module sends to it.
    await t.outbox.send({ to: email, subject: 'Welcome', text: 'x' });
    await waitFor('refused', async () => (await outbox(email)).filter((m) => m.status === 'failed').length === 2);
    expect((await outbox(email))[1]!.last_error).toMatch(/bounced/);

    // Cleared: mail goes again (and bounces again, as the mailbox still refuses).
    const cleared = await api('PATCH', '/notifications/preferences', auth, { clearBounce: true });
    expect(cleared.json()).toMatchObject({ message: MSG.notificationBounceCleared, bouncing: null });
    expect((await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from audit_log where actor_id = ${s.user.id} and action = 'notifications.bounce_cleared'`)).n).toBe(1);

    // A changed address has no bounce: mail reaches it.
    const fixed = `fixed.${Date.now()}@test.crs`;
    await t.ctx.db.execute(sql`update users set email = ${fixed} where id = ${s.user.id}`);
    await notifications.notify(t.ctx, [{ userId: s.user.id, kind: 'results', title: 'Results published: Heat Transfer', body: 'x' }]);
    await waitFor('mail to the fixed address', () => mailsTo(fixed)[0]);
  });
});

describe('what was sent', () => {
  it('counts per day and kind: Admins every kind, Librarians the library’s only, others 403', async () => {
    const s = await loginAs(t, ['Student']);
    const admin = await loginAs(t, ['Admin']);
    const librarian = await loginAs(t, ['Librarian']);
    await notifications.notify(t.ctx, [
      { userId: s.user.id, kind: 'library', title: 'Due in 2 days: Signals and Systems', body: 'x' },
      { userId: s.user.id, kind: 'placement', title: 'Apply in 2 days: Infosys, Systems Engineer', body: 'x' },
    ]);
    const all = sentResponse.parse((await api('GET', '/notifications/sent', admin.auth)).json());
    const kinds = new Set(all.days.map((d) => d.kind));
    expect(kinds.has('library') && kinds.has('placement')).toBe(true);
    expect(all.total).toBe(all.days.reduce((n, d) => n + d.sent, 0));
    expect(all.days[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const lib = sentResponse.parse((await api('GET', '/notifications/sent', librarian.auth)).json());
    expect(lib.days.every((d) => d.kind === 'library')).toBe(true);
    expect(lib.total).toBeGreaterThanOrEqual(1);
    const onlyPlacement = sentResponse.parse((await api('GET', '/notifications/sent?kind=placement', admin.auth)).json());
    expect(onlyPlacement.days.every((d) => d.kind === 'placement')).toBe(true);
    expect((await api('GET', '/notifications/sent?kind=placement', librarian.auth)).statusCode).toBe(403);
    expect((await api('GET', '/notifications/sent', s.auth)).statusCode).toBe(403);
  });
});
