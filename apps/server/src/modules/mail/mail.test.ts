// Mail through a real SMTP server (smtp-server on a random local port), and the outbox that keeps a
// mail when SMTP is down until the retry worker delivers it (quality.md "Reliability").
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { resetRequestsDone } from '../auth/auth.service.ts';
import { freePort, one } from '../../../test/util.ts';

/** A port with nothing listening on it (taken from the OS, then released). */
async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const outboxRow = (t: TestApp, to: string) =>
  one<{ status: string; attempts: number; last_error: string | null; text: string }>(t.ctx, sql`select status, attempts, last_error, text from mail_outbox where "to" = ${to}`);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('mail outbox with SMTP', () => {
  it('delivers the reset mail with its link through a real SMTP server', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'CRS <no-reply@crs.test>' });
    cleanups.push(t.close);
    const u = await createUser(t.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor('the mail', () => smtp.received.find((m) => m.to.includes(u.email)));
    expect(mail.raw).toMatch(/Subject: Reset your CRS password/);
    expect(mail.raw).toMatch(/From: CRS <no-reply@crs\.test>/);
    // The body may be quoted-printable (soft line breaks "=\r\n", "=" written as "=3D"): decode it.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    const token = /http:\/\/crs\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(token).toBeDefined();
    await waitFor('status sent', async () => (await outboxRow(t, u.email)).status === 'sent');
    expect((await outboxRow(t, u.email)).attempts).toBe(1);
    // Nothing is printed when SMTP is configured, and the mailed link works.
    expect(t.printed).toHaveLength(0);
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token, password: 'mailed-pass' } });
    expect(ok.statusCode).toBe(200);
  });

  it('sends a burst of mails over a few pooled connections, not one connection per mail', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    cleanups.push(t.close);
    const to = Array.from({ length: 40 }, (_, i) => `pooled-${i}-${Date.now()}@crs.test`);
    await Promise.all(to.map((addr, i) => t.outbox.send({ to: addr, subject: `Pooled ${i}`, text: `Mail ${i}` })));
    await waitFor('every mail', () => to.every((addr) => smtp.received.some((m) => m.to.includes(addr))) || undefined);
    // Each mail arrives once, and the burst shared at most three connections.
    for (const addr of to) expect(smtp.received.filter((m) => m.to.includes(addr))).toHaveLength(1);
    expect(smtp.connections.peak).toBeGreaterThanOrEqual(1);
    expect(smtp.connections.peak).toBeLessThanOrEqual(3);
    expect(smtp.connections.total).toBeLessThanOrEqual(3);
    await waitFor('all sent', async () => {
      const row = await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from mail_outbox where "to" like 'pooled-%' and status = 'sent'`);
      return row.n === to.length || undefined;
    });
  });

  it('keeps the mail pending while SMTP is down, and drain() delivers it once SMTP is up', async () => {
    const port = await freePort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanups.push(t.close);
    const u = await createUser(t.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email: u.email } });
    // The user's answer does not depend on the mail going out.
    expect(res.statusCode).toBe(200);
    await resetRequestsDone(t.ctx); // the mail is stored after the answer
    const failed = await waitFor('a failed attempt', async () => {
      const row = await outboxRow(t, u.email);
      return row.attempts >= 1 && row.last_error ? row : undefined;
    });
    expect(failed.status).toBe('pending');
    // The backoff keeps it from being retried at once.
    await t.outbox.drain();
    expect((await outboxRow(t, u.email)).attempts).toBe(1);

    const smtp = await startSmtp(port);
    // Closed after the app: the app's pooled connection must end before the server can stop.
    cleanups.unshift(smtp.close);
    await t.ctx.db.execute(sql`update mail_outbox set next_attempt_at = now() where "to" = ${u.email}`);
    await t.outbox.drain();
    const row = await outboxRow(t, u.email);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(row.last_error).toBeNull();
    expect(smtp.received.filter((m) => m.to.includes(u.email))).toHaveLength(1);
    // A second drain sends nothing twice.
    await t.outbox.drain();
    expect(smtp.received.filter((m) => m.to.includes(u.email))).toHaveLength(1);
  });
});
