import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { one } from '../../../test/util.ts';
import { pruneAuthData } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionCount = async (userId: string) =>
  (await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from sessions where user_id = ${userId}`)).n;

describe('pruneAuthData', () => {
  it('deletes sessions that ended over a day ago and keeps live ones with their used refresh tokens', async () => {
    const user = await createUser(t.ctx);
    const live = await login(t.app, user.email, user.password);
    const rotated = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: live.refreshToken } });
    expect(rotated.statusCode).toBe(200);
    await login(t.app, user.email, user.password);
    await login(t.app, user.email, user.password);
    // Second session: revoked two days ago; third: expired two days ago.
    await t.ctx.db.execute(sql`
      with s as (select id, row_number() over (order by created_at) as n from sessions where user_id = ${user.id})
      update sessions set
        revoked_at = case when s.n = 2 then now() - interval '2 days' else revoked_at end,
        expires_at = case when s.n = 3 then now() - interval '2 days' else expires_at end
      from s where sessions.id = s.id`);
    expect(await sessionCount(user.id)).toBe(3);

    await pruneAuthData(t.ctx);

    expect(await sessionCount(user.id)).toBe(1);
    // The live session's used token is still there, so replaying it is still detected as reuse.
    const used = await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from refresh_tokens rt join sessions s on s.id = rt.session_id where s.user_id = ${user.id} and rt.used_at is not null`);
    expect(used.n).toBe(1);
  });

  it('deletes reset tokens expired over a day ago and throttling rows older than a day', async () => {
    const user = await createUser(t.ctx);
    const [oldHash, newHash] = [`old-${user.id}`, `new-${user.id}`];
    await t.ctx.db.execute(sql`insert into password_resets (token_hash, user_id, expires_at) values (${oldHash}, ${user.id}, now() - interval '2 days'), (${newHash}, ${user.id}, now() + interval '10 minutes')`);
    await t.ctx.db.execute(sql`insert into auth_attempts (kind, email, ip, created_at) values ('login', ${user.email}, '10.9.9.9', now() - interval '2 days'), ('login', ${user.email}, '10.9.9.9', now())`);

    await pruneAuthData(t.ctx);

    expect((await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from password_resets where user_id = ${user.id}`)).n).toBe(1);
    expect((await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from auth_attempts where ip = '10.9.9.9'`)).n).toBe(1);
  });
});
