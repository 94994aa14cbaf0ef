// User administration: GET /users, approve, reject, and the command line's user commands.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { AUDIT_CONSOLE_ACTOR } from '@crs/shared/schemas/audit';
import type { Role } from '@crs/shared/roles';
import { createTestApp, createUser, login, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, rows } from '../../../test/util.ts';

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

describe('GET /users', () => {
  it('lists accounts newest first with the total, for Admin and SuperAdmin', async () => {
    const marker = `lst${randomUUID().slice(0, 8)}`;
    const first = await createUser(t.ctx, { name: `${marker} One`, roles: ['Teacher'], status: 'pending' });
    // The embedded database's clock counts milliseconds: two accounts made within one would tie.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = await createUser(t.ctx, { name: `${marker} Two` });
    for (const who of [admin, superAdmin]) {
      const res = await get(`/users?q=${marker}`, who.auth);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.total).toBe(2);
      expect(json.users.map((u: { _id: string }) => u._id)).toEqual([second.id, first.id]);
      expect(json.users[0]).not.toHaveProperty('passwordHash');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('filters by status, role and text, and pages', async () => {
    const marker = `flt${randomUUID().slice(0, 8)}`;
    await createUser(t.ctx, { name: `${marker} Pending`, roles: ['Staff'], status: 'pending' });
    for (let i = 0; i < 3; i++) await createUser(t.ctx, { name: `${marker} Student ${i}` });
    const pending = (await get(`/users?q=${marker}&status=pending`, admin.auth)).json();
    expect(pending.total).toBe(1);
    expect(pending.users[0]).toMatchObject({ status: 'pending', roles: ['Staff'] });
    expect((await get(`/users?q=${marker}&role=Student`, admin.auth)).json().total).toBe(3);
    const page2 = (await get(`/users?q=${marker}&pageSize=3&page=2`, admin.auth)).json();
    expect(page2.total).toBe(4);
    expect(page2.users).toHaveLength(1);
    // LIKE wildcards in q are literal.
    expect((await get(`/users?q=${encodeURIComponent('%_%')}`, admin.auth)).json().total).toBe(0);
    // Email search, case-insensitive.
    const u = await createUser(t.ctx, { email: uniqueEmail('findme') });
    const byEmail = (await get(`/users?q=${encodeURIComponent(u.email.toUpperCase())}`, admin.auth)).json();
    expect(byEmail.users.map((x: { _id: string }) => x._id)).toEqual([u.id]);
  });

  it('refuses bad filters with 400', async () => {
    for (const q of ['status=gone', 'role=admin', 'page=0', 'pageSize=101', 'page=abc', 'limit=5', `q=${'x'.repeat(101)}`]) {
      const res = await get(`/users?${q}`, admin.auth);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 401 without a token and 403 to every other role', async () => {
    expect((await get('/users')).statusCode).toBe(401);
    for (const role of NON_MANAGERS) expectForbidden(await get('/users', (await loginAs(t, [role])).auth));
  });
});

describe('POST /users/:id/approve', () => {
  it('makes a pending sign-up active so it can sign in', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Ritu Malhotra', email: uniqueEmail('pend'), phone: '9876543210', password: 'secret123', roles: 'Teacher' },
    });
    const pending = reg.json().user as { _id: string; email: string };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: pending.email, password: 'secret123' } })).statusCode).toBe(403);
    const res = await post(`/users/${pending._id}/approve`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Account approved', user: { _id: pending._id, status: 'active', roles: ['Teacher'] } });
    await login(t.app, pending.email, 'secret123');
  });

  it('answers 404 for an active or unknown account, 400 for a malformed id', async () => {
    const active = await createUser(t.ctx);
    for (const id of [active.id, randomUUID()]) {
      const res = await post(`/users/${id}/approve`, admin.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NO_PENDING_ACCOUNT');
    }
    const bad = await post('/users/not-a-uuid/approve', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'id', message: 'Invalid id' });
  });

  it('answers 401 without a token and 403 to non-managers, changing nothing', async () => {
    const p = await createUser(t.ctx, { roles: ['Staff'], status: 'pending' });
    expect((await post(`/users/${p.id}/approve`)).statusCode).toBe(401);
    for (const role of NON_MANAGERS) expectForbidden(await post(`/users/${p.id}/approve`, (await loginAs(t, [role])).auth));
    expect(await countRows(t.ctx, 'users', `id = '${p.id}' and status = 'pending'`)).toBe(1);
  });
});

describe('POST /users/:id/reject', () => {
  it('deletes a pending sign-up; the address can sign up again', async () => {
    const p = await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
    const res = await post(`/users/${p.id}/reject`, superAdmin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sign-up rejected' });
    expect(await countRows(t.ctx, 'users', `id = '${p.id}'`)).toBe(0);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { name: 'Again', email: p.email, phone: '9876543210', password: 'secret123', roles: 'Teacher' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('never deletes an active account (404), and checks the id (400)', async () => {
    const active = await createUser(t.ctx);
    expect((await post(`/users/${active.id}/reject`, admin.auth)).statusCode).toBe(404);
    expect(await countRows(t.ctx, 'users', `id = '${active.id}'`)).toBe(1);
    expect((await post('/users/123/reject', admin.auth)).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 to non-managers, changing nothing', async () => {
    const p = await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
    expect((await post(`/users/${p.id}/reject`)).statusCode).toBe(401);
    for (const role of NON_MANAGERS) expectForbidden(await post(`/users/${p.id}/reject`, (await loginAs(t, [role])).auth));
    expect(await countRows(t.ctx, 'users', `id = '${p.id}'`)).toBe(1);
  });
});

describe('the command line (user:create, user:approve)', () => {
  const auditOf = async (email: string) => {
    const superAdmin = await loginAs(t, ['SuperAdmin']);
    const res = await t.app.inject({ url: `/api/v1/audit?pageSize=100&action=user.created`, headers: superAdmin.auth });
    const approved = await t.app.inject({ url: `/api/v1/audit?pageSize=100&action=user.approved`, headers: superAdmin.auth });
    type Entry = { action: string; actor: { id: string | null; name: string | null; email: string | null }; ip: string | null; target: { label: string | null } };
    return [...(res.json() as { entries: Entry[] }).entries, ...(approved.json() as { entries: Entry[] }).entries].filter((e) => e.target.label === email);
  };

  it('activates a pending sign-up, leaves an active account alone and refuses a disabled one', async () => {
    const { approveByEmail } = await import('./users.admin.service.ts');
    const { CONSOLE_ACTOR } = await import('../audit/audit.service.ts');
    const pending = await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
    expect(await approveByEmail(t.ctx, CONSOLE_ACTOR, pending.email)).toMatchObject({ changed: true, user: { status: 'active' } });
    expect(await approveByEmail(t.ctx, CONSOLE_ACTOR, pending.email)).toMatchObject({ changed: false });

    const disabled = await createUser(t.ctx, { roles: ['Staff'], status: 'disabled' });
    await expect(approveByEmail(t.ctx, CONSOLE_ACTOR, disabled.email)).rejects.toMatchObject({ statusCode: 409, code: 'NOT_PENDING' });
    const [row] = await rows<{ status: string }>(t.ctx, sql`select status from users where id = ${disabled.id}`);
    expect(row?.status).toBe('disabled');
  });

  it('leaves an entry in the audit log for each account it creates or approves, by the command line', async () => {
    const { COMMANDS } = await import('../../cli/commands.ts');
    const email = uniqueEmail('cli.admin');
    const out = await COMMANDS['user:create']!.run(t.ctx, ['--email', email, '--name', 'Kavitha Raman', '--role', 'SuperAdmin']);
    expect(out).toContain(`Created SuperAdmin ${email}`);
    const pending = await createUser(t.ctx, { roles: ['Staff'], status: 'pending' });
    await COMMANDS['user:approve']!.run(t.ctx, ['--email', pending.email]);
    // Approving an active account changes nothing and records nothing.
    await COMMANDS['user:approve']!.run(t.ctx, ['--email', pending.email]);

    const byConsole = { id: null, name: AUDIT_CONSOLE_ACTOR, email: null };
    expect(await auditOf(email)).toEqual([expect.objectContaining({ action: 'user.created', actor: byConsole, ip: null })]);
    expect(await auditOf(pending.email)).toEqual([expect.objectContaining({ action: 'user.approved', actor: byConsole, ip: null })]);
  });

  it('records nothing when the account is not created (a taken email)', async () => {
    const { COMMANDS } = await import('../../cli/commands.ts');
    const taken = await createUser(t.ctx, { roles: ['Teacher'] });
    const before = await countRows(t.ctx, 'audit_log');
    await expect(COMMANDS['user:create']!.run(t.ctx, ['--email', taken.email, '--name', 'Someone Else', '--role', 'Teacher'])).rejects.toMatchObject({ statusCode: 409 });
    expect(await countRows(t.ctx, 'audit_log')).toBe(before);
  });
});
