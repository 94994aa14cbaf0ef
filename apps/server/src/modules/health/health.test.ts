import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers live without a token, at /health and /health/live', async () => {
    for (const url of ['/api/v1/health', '/api/v1/health/live']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers ready when the database answers with every migration applied', async () => {
    const res = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.ctx.database.kind, migrations: 'done' });
  });

  it('is not ready while draining, though still live', async () => {
    t.ctx.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', database: t.ctx.database.kind });
      expect((await t.app.inject({ url: '/api/v1/health/live' })).statusCode).toBe(200);
    } finally {
      t.ctx.lifecycle.draining = false;
    }
    expect((await t.app.inject({ url: '/api/v1/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready when the database lacks a migration this build ships', async () => {
    // The newest applied migration's journal row goes away for a moment, as on a database an older build left.
    const [last] = (
      (await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`)) as unknown as {
        rows: Array<{ id: number; hash: string; created_at: string }>;
      }
    ).rows;
    try {
      const res = await t.app.inject({ url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: t.ctx.database.kind, migrations: 'pending' });
    } finally {
      await t.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await t.app.inject({ url: '/api/v1/health/ready' })).statusCode).toBe(200);
  });
});
