// Two servers on one database (decision 0004): what one changes, the other's cache forgets at once —
// through LISTEN/NOTIFY on PostgreSQL, the in-process bus on PGlite.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';
import { eventually } from './util.ts';

let t: TestApp;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
beforeAll(async () => {
  t = await createTestApp();
  peer = await createPeerApp(t);
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

const me = (app: TestApp['app'], token: string) => app.inject({ url: '/api/v1/auth/users/me', headers: { authorization: `Bearer ${token}` } });

describe('cache invalidation across servers', () => {
  it('refuses a session logged out on the other server', async () => {
    const a = await loginAs(t);
    // Both servers have the session cached now.
    expect((await me(t.app, a.token)).statusCode).toBe(200);
    expect((await me(peer.app, a.token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: a.auth });
    expect(out.statusCode).toBe(200);
    await eventually(async () => (await me(peer.app, a.token)).statusCode === 401);
  });

  it('refuses a user disabled on the other server, and forgets everything on invalidateAll', async () => {
    const a = await loginAs(t);
    expect((await me(peer.app, a.token)).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update users set status = 'disabled' where id = ${a.user.id}`);
    // The row changed behind the caches' back: the peer still answers from its cache ...
    expect((await me(peer.app, a.token)).statusCode).toBe(200);
    // ... until an invalidation reaches it (a restore invalidates everything).
    await t.ctx.caches.invalidateAll();
    await eventually(async () => (await me(peer.app, a.token)).statusCode === 401);
  });
});
