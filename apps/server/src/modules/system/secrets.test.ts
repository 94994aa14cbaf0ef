// The server's generated secrets live in the database, shared by every process (decision 0048).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { Database } from '../../db/client.ts';
import { freshDatabase } from '../../../test/helper.ts';
import type { TestDb } from '../../../test/helper.ts';
import { sharedSecret } from './system.service.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.drop());

/** A name of this test's own, so the tests pass in any order and twice. */
const fresh = () => `test-${randomBytes(4).toString('hex')}`;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('shared secrets', () => {
  it('generates a 256-bit secret once and returns the same one after', async () => {
    const name = fresh();
    const first = await sharedSecret(t.database.db, name);
    expect(first.byteLength).toBe(32);
    expect(hex(await sharedSecret(t.database.db, name))).toBe(hex(first));
    const rows = await t.database.db.execute(sql`select value from server_secrets where name = ${name}`);
    expect((rows as unknown as { rows: Array<{ value: string }> }).rows).toEqual([{ value: hex(first) }]);
  });

  it("stores an older install's value the first time, and ignores a different one later", async () => {
    const name = fresh();
    const legacy = randomBytes(32);
    expect(hex(await sharedSecret(t.database.db, name, legacy))).toBe(hex(legacy));
    expect(hex(await sharedSecret(t.database.db, name, randomBytes(32)))).toBe(hex(legacy));
  });

  it('gives every caller the same value when they race (separate connections on PostgreSQL)', async () => {
    const name = fresh();
    // On PostgreSQL: several pools, as several processes would have; on PGlite its one connection.
    const others: Database[] = t.url ? await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgresql', url: t.url!, max: 2 }))) : [];
    try {
      const all = await Promise.all([t.database, ...others, t.database].map((d) => sharedSecret(d.db, name)));
      expect(new Set(all.map(hex)).size).toBe(1);
    } finally {
      await Promise.all(others.map((d) => d.close()));
    }
  });
});
