// The audit log's own rules (issue 14 items 2 and 8): SuperAdmin only, filters and paging,
// append-only at the database, the retention purge. The entries each action writes are tested
// next to those actions.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListResponse } from '@crs/shared/schemas/audit';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import * as audit from './audit.service.ts';

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await loginAs(t, ['SuperAdmin']);
});
afterAll(() => t.close());

async function entries(query: string, auth = superAdmin.auth) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return auditListResponse.parse(res.json());
}

describe('audit log', () => {
  it('is read by a SuperAdmin only', async () => {
    for (const roles of [['Admin'], ['Staff'], ['Student']] as const) {
      const other = await loginAs(t, [...roles]);
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/audit', headers: other.auth });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit' })).statusCode).toBe(401);
  });

  it('records who, what, from where and the changes; filters by actor, action and day', async () => {
    const tag = `audit${Date.now()}`;
    const actor = { ...superAdmin.user, ip: '203.0.113.7' };
    const principal = { user: { ...actor, name: `${tag} Kavya` }, sessionId: 's', ip: actor.ip };
    await audit.record(t.ctx, principal, {
      action: 'user.updated',
      target: { type: 'user', id: superAdmin.user.id, label: `${tag}@x.in` },
      changes: audit.changesOf({ phone: '9000000001', name: 'A' }, { phone: '9000000002', name: 'A' }, ['phone', 'name']),
    });
    await audit.record(t.ctx, { anonymous: true, email: `${tag}@nobody.in`, ip: '198.51.100.9' }, { action: 'auth.sign_in_failed', details: { reason: 'wrong password' } });

    // The tag is in the first actor's name and the second one's email: both match.
    expect((await entries(`?actor=${tag}`)).total).toBe(2);
    const byName = await entries(`?actor=${tag}%20Kavya`);
    expect(byName.total).toBe(1);
    const [entry] = byName.entries;
    expect(entry).toMatchObject({
      action: 'user.updated',
      actor: { id: superAdmin.user.id, name: `${tag} Kavya` },
      ip: '203.0.113.7',
      target: { type: 'user', id: superAdmin.user.id, label: `${tag}@x.in` },
      changes: { phone: { from: '9000000001', to: '9000000002' } },
    });
    expect(Object.keys(entry!.changes)).toEqual(['phone']);

    const anonymous = await entries(`?actor=${tag}%40nobody&action=auth.sign_in_failed`);
    expect(anonymous.entries.map((e) => [e.actor.id, e.actor.email, e.ip, e.details])).toEqual([[null, `${tag}@nobody.in`, '198.51.100.9', { reason: 'wrong password' }]]);
    expect((await entries(`?actor=${tag}&action=auth.sign_in_failed`)).entries.every((e) => e.action === 'auth.sign_in_failed')).toBe(true);
    expect((await entries(`?actor=${superAdmin.user.id}&action=user.updated`)).total).toBeGreaterThanOrEqual(1);

    expect((await entries(`?actor=${tag}&from=2000-01-01&to=2000-01-31`)).total).toBe(0);
    const around = await entries(`?actor=${tag}&from=2000-01-01&to=2100-01-01`);
    expect(around.total).toBe(2);
    expect(around.entries[0]!.at >= around.entries[1]!.at).toBe(true);

    const paged = await entries(`?actor=${tag}&pageSize=1&page=2`);
    expect([paged.total, paged.entries.length]).toEqual([2, 1]);
  });

  it('refuses bad filters with a clear 400', async () => {
    for (const query of ['?action=user.teleported', '?from=2026-02-30', '?from=2026-03-02&to=2026-03-01', '?page=0', '?colour=red']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit${query}`, headers: superAdmin.auth });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('cannot be edited or deleted, even with SQL; only the purge removes entries older than the retention', async () => {
    const tag = `purge${Date.now()}`;
    await t.ctx.db.execute(sql`insert into audit_log (action, actor_email, at) values ('record.deleted', ${`${tag}-old`}, now() - interval '400 days'), ('record.deleted', ${`${tag}-month`}, now() - interval '40 days'), ('record.deleted', ${`${tag}-new`}, now())`);
    // drizzle wraps the database's error: its cause is the trigger's refusal.
    const refusal = (query: Promise<unknown>) => query.then(() => 'accepted', (err: { cause?: { message?: string } }) => err.cause?.message);
    expect(await refusal(t.ctx.db.execute(sql`update audit_log set action = 'user.created' where actor_email like ${`${tag}%`}`))).toBe('audit_log is append-only');
    expect(await refusal(t.ctx.db.execute(sql`delete from audit_log where actor_email like ${`${tag}%`}`))).toBe('audit_log is append-only');
    expect(await countRows(t.ctx, 'audit_log', `actor_email like '${tag}%'`)).toBe(3);

    // Asking for less than the floor of 30 days still keeps the last 30 days.
    await audit.purgeOlderThan(t.ctx, 1);
    const left = await entries(`?actor=${tag}`);
    expect(left.entries.map((e) => e.actor.email).sort()).toEqual([`${tag}-new`]);
  });
});
