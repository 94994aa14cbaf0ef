// POST /alumni/message: one mail per selected alumnus with an email, delivered through the outbox
// to a real SMTP server, merge fields filled per recipient; the record at GET /alumni/messages.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { decodeBody, startSmtp } from '../../../test/smtp.ts';
import { rows } from '../../../test/util.ts';
import { addAlumnus, uniqueWord } from './alumni.fixtures.ts';
import type { Auth } from './alumni.fixtures.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let teacher: Auth;
let teacherName: string;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'CRS Alumni Office <alumni@crs.test>' });
  const who = await loginAs(t, ['Teacher']);
  teacher = who.auth;
  teacherName = who.user.name;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function waitFor<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const send = (body: unknown, auth = teacher) => t.app.inject({ method: 'POST', url: '/api/v1/alumni/message', headers: auth, payload: body as object });

describe('bulk message', () => {
  it('mails each selected alumnus with an email through SMTP, merge fields filled; says who had none; records the send', async () => {
    const w = uniqueWord();
    const a = await addAlumnus(t, teacher, { name: `Ananya ${w}`, email: `ananya.${w}@alumni.example`, currentCompany: 'Infosys', currentRole: 'Architect', batch: '2010-2014', visibility: 'private' });
    const b = await addAlumnus(t, teacher, { name: `Bharat ${w}`, email: `bharat.${w}@alumni.example` });
    const c = await addAlumnus(t, teacher, { name: `Chitra ${w}` });
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await send({ ids: [a._id, b._id, c._id, missing], subject: 'Alumni meet for {{batch}}', message: 'Dear {{name}},\nHow is {{ company }} treating you as {{role}}? Batch {{batch}}.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.alumniMessageSent, queued: 2, withoutEmail: [{ _id: c._id, name: c.name }], notFound: [missing] });

    const toA = await waitFor('the mail to Ananya', () => smtp.received.find((m) => m.to.includes(`ananya.${w}@alumni.example`)));
    expect(toA.raw).toMatch(/Subject: Alumni meet for 2010-2014/);
    expect(toA.raw).toMatch(/From: CRS Alumni Office <alumni@crs\.test>/);
    expect(decodeBody(toA.raw)).toContain(`Dear Ananya ${w},\r\nHow is Infosys treating you as Architect? Batch 2010-2014.`);
    const toB = await waitFor('the mail to Bharat', () => smtp.received.find((m) => m.to.includes(`bharat.${w}@alumni.example`)));
    // Unknown merge values are blank, never the placeholder.
    expect(decodeBody(toB.raw)).toContain(`Dear Bharat ${w},\r\nHow is  treating you as ? Batch .`);
    expect(smtp.received.filter((m) => m.raw.includes(w))).toHaveLength(2);
    // Delivered: both outbox rows end up sent.
    const sent = async () => (await rows<{ status: string }>(t.ctx, sql`select status from mail_outbox where "to" like ${`%.${w}@alumni.example`}`)).map((s) => s.status);
    await waitFor('both outbox rows sent', async () => ((await sent()).join() === 'sent,sent' ? true : undefined));
    expect(await sent()).toEqual(['sent', 'sent']);

    const log = await t.app.inject({ url: '/api/v1/alumni/messages', headers: teacher });
    expect(log.statusCode).toBe(200);
    const [latest] = log.json().messages;
    expect(latest).toMatchObject({
      sentBy: { name: teacherName },
      subject: 'Alumni meet for {{batch}}',
      message: 'Dear {{name}},\nHow is {{ company }} treating you as {{role}}? Batch {{batch}}.',
      queued: 2,
      recipients: [
        { _id: a._id, name: a.name, email: a.email },
        { _id: b._id, name: b.name, email: b.email },
        { _id: c._id, name: c.name, email: null },
      ],
    });
    expect(Date.parse(latest.sentAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(log.json().total).toBeGreaterThanOrEqual(1);
  });

  it('a blank message is 400 "Message cannot be empty" and sends nothing', async () => {
    const a = await addAlumnus(t, teacher, { name: 'Blank', email: `blank.${uniqueWord()}@alumni.example` });
    const before = smtp.received.length;
    for (const message of ['', '   \n ']) {
      const res = await send({ ids: [a._id], message });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'message', message: MSG.alumniMessageEmpty });
    }
    expect((await send({ ids: [a._id] })).json().errors).toContainEqual({ path: 'message', message: MSG.alumniMessageEmpty });
    expect((await send({ ids: [], message: 'hi' })).statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(before);
  });

  it('without a subject uses the default one', async () => {
    const w = uniqueWord();
    const a = await addAlumnus(t, teacher, { name: `Default ${w}`, email: `default.${w}@alumni.example` });
    expect((await send({ ids: [a._id], message: 'Hello {{name}}' })).json().queued).toBe(1);
    const mail = await waitFor('the mail', () => smtp.received.find((m) => m.to.includes(`default.${w}@alumni.example`)));
    expect(mail.raw).toContain(`Subject: ${MSG.alumniMessageSubject}`);
    expect(decodeBody(mail.raw)).toContain(`Hello Default ${w}`);
  });
});
