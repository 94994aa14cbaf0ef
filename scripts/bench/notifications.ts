// Notifications (issue 30 aims), on the embedded database: GET /notifications p95 ≤ 20 ms for a user
// with 5,000 notifications, and a daily digest for 10,000 users built and queued ≤ 60 s with /health
// p99 ≤ 150 ms meanwhile. The server runs in this process (the digest is the job's service call,
// which the cron would make at CRS_DIGEST_HOUR) so the digest and /health share one thread, as they
// do in a server; mail is stored in the outbox (no SMTP), which is what "queued" means. Then the
// same 10,000 digests again through an outbox with SMTP (a real smtp-server on a local port): the
// aim is every mail delivered to it within 5 minutes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { hashPassword } from '../../apps/server/src/lib/crypto.ts';
import { sendDigests } from '../../apps/server/src/modules/notifications/notifications.service.ts';
import { insertUser } from '../../apps/server/src/modules/users/users.service.ts';
import { assembleContext } from '../../apps/server/src/runtime.ts';
import { startSmtp } from '../../apps/server/test/smtp.ts';
import { aimAtMost } from './aims.ts';
import { probe, probeWhile, quantile } from './measure.ts';
import { fmt } from './server.ts';

const USERS = 10_000;
const PER_USER = 3;
const HEAVY = 5_000;

export async function notificationsBench(opts: { requests: number }): Promise<void> {
  console.log(`## Notifications: a ${fmt(HEAVY)}-notification inbox, and a digest for ${fmt(USERS)} users (embedded; /health probed meanwhile)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-bench-notifications-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    await migrate(database);
    const config = loadConfig({ CRS_DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_IP: '0', RATE_LIMIT_USER: '0' }, { persistSecret: false });
    const { ctx, outbox } = assembleContext(config, database, () => {});
    const t0 = Date.now();
    const heavy = await insertUser(ctx, { name: 'Kavya Menon', email: 'bench.inbox@test.crs', roles: ['Student'], status: 'active', passwordHash: await hashPassword('bench1234') });
    const q = (text: string, values?: unknown[]) => database.executeSql(text, values);
    await q(
      `insert into notifications (user_id, kind, title, body, link, created_at, read_at, email)
       select $1, (array['library','attendance','exams','placement','results','notices'])[1 + g % 6], 'Reminder ' || g, 'Body of reminder ' || g, '/library',
              now() - make_interval(mins => g), case when g > 40 then now() end, 'none'
       from generate_series(1, $2::int) g`,
      [heavy.id, HEAVY],
    );
    await q(
      `insert into users (name, email, roles, password_hash, student_id, phone)
       select 'Bench Student ' || g, 'bench.digest' || g || '@test.crs', '{Student}', 'x', 'STDG' || lpad(g::text, 6, '0'), '97' || lpad(g::text, 8, '0')
       from generate_series(1, $1::int) g`,
      [USERS],
    );
    await q(
      `insert into notifications (user_id, kind, title, body, link, created_at, email)
       select u.id, 'notices', 'Notice: Annual sports meet ' || k, 'Events at the college ground, day ' || k || '.', '/dashboard/student/notices', now() - make_interval(hours => k), 'digest'
       from users u cross join generate_series(1, $1::int) k where u.email like 'bench.digest%'`,
      [PER_USER],
    );
    // What autovacuum would have done by the evening: the visibility map lets counts read the index only.
    await q('vacuum analyze');
    console.log(`(seeded in ${fmt((Date.now() - t0) / 1000, 1)} s)`);

    const app = await buildApp(ctx, { logger: false });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const login = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench.inbox@test.crs', password: 'bench1234' }) });
      const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const health = `${url}/api/v1/health`;
      const inbox = await probe(`${url}/api/v1/notifications`, auth, opts.requests);
      const unread = await probe(`${url}/api/v1/notifications?unread=true`, auth, opts.requests);
      const deep = await probe(`${url}/api/v1/notifications?page=200&pageSize=20`, auth, opts.requests);
      await probe(health, {}, 20);
      const baseline = await probeWhile(health, {}, new Promise((r) => setTimeout(r, 3000)));
      const started = performance.now();
      const digest = sendDigests(ctx);
      const during = await probeWhile(health, {}, digest);
      const mails = await digest;
      const seconds = (performance.now() - started) / 1000;
      const queued = Number(((await q(`select count(*)::int as n from mail_outbox where "to" like 'bench.digest%'`)).rows[0] as { n: number }).n);
      console.log('                                p50 ms   p95 ms    req/s');
      for (const [label, m] of [['notifications (page 1)', inbox], ['notifications (unread)', unread], ['notifications (page 200)', deep]] as const) {
        console.log(`${label.padEnd(30)} ${fmt(m.p50, 1).padStart(7)}  ${fmt(m.p95, 1).padStart(7)}  ${fmt(m.rps).padStart(7)}`);
      }
      console.log(`digest                         ${fmt(seconds, 1)} s for ${fmt(mails)} mails (${fmt(queued)} in the outbox)`);
      console.log(`/health p99 at rest            ${fmt(quantile(baseline, 0.99), 1)} ms (baseline, ${baseline.length} requests in 3 s)`);
      console.log(`/health p99 during the digest  ${fmt(quantile(during, 0.99), 1)} ms (${during.length} requests)`);
      aimAtMost('GET /notifications p95 (5,000 notifications, pglite)', inbox.p95, 20, 1, ' ms');
      aimAtMost('digest for 10,000 users built and queued (pglite)', seconds, 60, 1, ' s');
      aimAtMost('/health p99 during the digest (pglite)', quantile(during, 0.99), 150, 1, ' ms');

      // Delivery: the same digests mailed through SMTP, from the outbox's own background sends.
      const smtp = await startSmtp();
      const mailing = assembleContext(loadConfig({ CRS_DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_IP: '0', RATE_LIMIT_USER: '0', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, { persistSecret: false }), database, () => {});
      try {
        await q(`update notifications set email = 'digest' where email = 'digested'`);
        const sentAt = performance.now();
        const handed = await sendDigests(mailing.ctx);
        const deadline = sentAt + 6 * 60_000;
        while (smtp.received.length < handed && performance.now() < deadline) await new Promise((r) => setTimeout(r, 250));
        const delivered = (performance.now() - sentAt) / 1000;
        console.log(`SMTP delivery                  ${fmt(smtp.received.length)} of ${fmt(handed)} mails at the SMTP server in ${fmt(delivered, 1)} s (${smtp.connections.peak} connections at most)`);
        aimAtMost('10,000 digest mails delivered to a local SMTP server (pglite)', smtp.received.length === handed ? delivered : Infinity, 300, 1, ' s');
      } finally {
        await mailing.outbox.stop();
        await smtp.close();
      }
      console.log('');
    } finally {
      await app.close();
      await outbox.stop();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
