// The dashboards' figures (/stats, the analytics module): users per role and pending sign-ups, the system card.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { createTestApp, createUser, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, rows } from '../../../test/util.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, ['Admin']);
  superAdmin = await loginAs(t, ['SuperAdmin']);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/v1${url}`, headers });
const post = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers });
const NON_MANAGERS: Role[] = ['Student', 'Teacher', 'Staff', 'Librarian'];

function expectForbidden(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ message: MSG.forbidden, code: 'FORBIDDEN' });
}

describe('GET /stats/overview', () => {
  it('counts active accounts per role and pending sign-ups from live data', async () => {
    const before = (await get('/stats/overview', admin.auth)).json();
    expect(Object.keys(before).sort()).toEqual(['admins', 'librarians', 'openJobs', 'pendingApprovals', 'staff', 'students', 'teachers', 'totalUsers']);
    const [totals] = await rows<{ n: number }>(t.ctx, sql`select count(*)::int as n from users`);
    expect(before.totalUsers).toBe(totals!.n);
    await createUser(t.ctx, { roles: ['Student'] });
    await createUser(t.ctx, { roles: ['Librarian'] });
    await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
    await createUser(t.ctx, { roles: ['Staff'], status: 'disabled' });
    const after = (await get('/stats/overview', superAdmin.auth)).json();
    expect(after).toEqual({
      ...before,
      students: before.students + 1,
      librarians: before.librarians + 1,
      pendingApprovals: before.pendingApprovals + 1,
      totalUsers: before.totalUsers + 4,
    });
  });

  it('answers 401 without a token and 403 to non-managers', async () => {
    expect((await get('/stats/overview')).statusCode).toBe(401);
    for (const role of NON_MANAGERS) expectForbidden(await get('/stats/overview', (await loginAs(t, [role])).auth));
  });
});

describe('GET /stats/system', () => {
  it('answers uptime, database size and live sessions to a SuperAdmin', async () => {
    const res = await get('/stats/system', superAdmin.auth);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.database).toBe(t.ctx.database.kind);
    expect(json.databaseBytes).toBeGreaterThan(0);
    expect(json.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(json.activeSessions).toBeGreaterThanOrEqual(2);
    // A logout removes one live session.
    const extra = await loginAs(t);
    const withExtra = (await get('/stats/system', superAdmin.auth)).json().activeSessions;
    await post('/auth/logout', extra.auth);
    expect((await get('/stats/system', superAdmin.auth)).json().activeSessions).toBe(withExtra - 1);
  });

  it('answers 401 without a token and 403 to everyone but SuperAdmin (Admin included)', async () => {
    expect((await get('/stats/system')).statusCode).toBe(401);
    expectForbidden(await get('/stats/system', admin.auth));
    for (const role of NON_MANAGERS) expectForbidden(await get('/stats/system', bearer((await loginAs(t, [role])).token)));
  });
});
