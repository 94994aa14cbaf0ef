// Backup and restore round trip, checked by row counts and sample rows (quality.md "Reliability").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { bearer, one } from '../../test/util.ts';
import { resetRequestsDone } from '../modules/auth/auth.service.ts';
import { readBytes, removeFile, saveGenerated } from '../modules/files/files.service.ts';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { createHash, randomBytes } from 'node:crypto';
import { backupTo, FILE_STORE_TABLES, NOT_BACKED_UP, restoreFrom, tableCounts, TABLES } from './backup.ts';
import { CHUNK_BYTES, PostgresStore } from './file-store.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'crs-backup-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const userRow = (id: string) =>
  one(
    t.ctx,
    sql`select id, name, email, roles, status, password_hash, student_id, department_id, section_id, token_version, created_at::text as created_at from users where id = ${id}`,
  );

describe('backup and restore', () => {
  it('restores exactly what was backed up: counts, rows, sessions, sequences', async () => {
    // Seed: users of several roles, sessions with refresh tokens, a reset, attempts, a mail.
    const alice = await createUser(t.ctx, { roles: ['Student'], name: 'Alice Backup' });
    // Alice's record points into Academics, whose tables restore after users (deferred keys, decision 0036).
    const dept = await one<{ id: string }>(t.ctx, sql`insert into departments (code, name) values ('BKP', 'Backup Studies') returning id`);
    const sec = await one<{ id: string }>(t.ctx, sql`insert into sections (name, department_id, semester, academic_year) values ('BKP-1A', ${dept.id}, 1, '2026-27') returning id`);
    await t.ctx.db.execute(sql`update users set department_id = ${dept.id}, department = 'Backup Studies', section_id = ${sec.id}, section = 'BKP-1A' where id = ${alice.id}`);
    await t.ctx.db.execute(sql`insert into section_students (section_id, student_id) values (${sec.id}, ${alice.id})`);
    const bob = await createUser(t.ctx, { roles: ['Teacher'], status: 'pending' });
    await createUser(t.ctx, { roles: ['Admin', 'Librarian'] });
    const session = await login(t.app, alice.email, alice.password);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: alice.email, password: 'wrong-password' } });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/request', payload: { email: alice.email } });
    await resetRequestsDone(t.ctx); // the token and the mail are written after the answer

    // Files: their rows are in the database, their bytes in the file store.
    const card = await saveGenerated(t.ctx, { ownerId: alice.id, bytes: Buffer.from('%PDF-1.7 card of Alice'), filename: 'card.pdf', mimeType: 'application/pdf' });
    const photo = await saveGenerated(t.ctx, { ownerId: alice.id, bytes: Buffer.from('PNG bytes of a photo'), filename: 'photo.png', mimeType: 'image/png' });

    const file = path.join(dir, 'round-trip.crs.gz');
    const written = await backupTo(t.ctx.db, t.ctx.store, file);
    const counts = await tableCounts(t.ctx.db);
    expect(written.tables).toEqual(counts);
    expect(written.files).toBe(counts.files);
    expect(counts.files).toBeGreaterThanOrEqual(2);
    expect(counts.users).toBeGreaterThanOrEqual(3);
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.refresh_tokens).toBeGreaterThanOrEqual(1);
    expect(counts.auth_attempts).toBeGreaterThanOrEqual(1);
    expect(counts.password_resets).toBeGreaterThanOrEqual(1);
    expect(counts.mail_outbox).toBeGreaterThanOrEqual(1);
    const aliceBefore = await userRow(alice.id);
    const seqBefore = await one<{ v: string }>(t.ctx, sql`select last_value::text as v from student_number_seq`);

    // Change the data: a user deleted, one changed, new ones added, the session revoked.
    await t.ctx.db.execute(sql`delete from users where id = ${bob.id}`);
    await t.ctx.db.execute(sql`update users set name = 'Changed', roles = array['SuperAdmin'] where id = ${alice.id}`);
    for (let i = 0; i < 3; i++) await createUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(session.token) });
    // One file removed (row and bytes), the other's bytes lost from the disk.
    await removeFile(t.ctx, card.id);
    await t.ctx.store.remove(photo.storageKey);
    expect(await tableCounts(t.ctx.db)).not.toEqual(counts);

    const restored = await restoreFrom(t.ctx.db, t.ctx.store, file);
    await t.ctx.caches.invalidateAll();
    expect(restored).toEqual(written);
    expect(await tableCounts(t.ctx.db)).toEqual(counts);
    expect(await userRow(alice.id)).toEqual(aliceBefore);
    expect((await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from users where id = ${bob.id}`)).n).toBe(1);
    // Sequences come back too: the next student number does not reuse one in the backup.
    expect((await one<{ v: string }>(t.ctx, sql`select last_value::text as v from student_number_seq`)).v).toBe(seqBefore.v);
    const next = await createUser(t.ctx, { roles: ['Student'] });
    expect(next.studentId).not.toBe(alice.studentId);

    // Both files' bytes are back under their keys.
    expect((await readBytes(t.ctx, card.id))?.bytes.toString()).toBe('%PDF-1.7 card of Alice');
    expect((await readBytes(t.ctx, photo.id))?.bytes.toString()).toBe('PNG bytes of a photo');

    // The restored session works again; the restored password too.
    expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(session.token) })).statusCode).toBe(200);
    await login(t.app, alice.email, alice.password);
  });

  it('refuses a corrupt file and changes nothing', async () => {
    await createUser(t.ctx);
    const before = await tableCounts(t.ctx.db);
    const good = path.join(dir, 'good.crs.gz');
    await backupTo(t.ctx.db, t.ctx.store, good);
    const bytes = readFileSync(good);
    const manifest = await manifestOf(good);

    const cases: Array<[string, Buffer]> = [
      ['not gzip', Buffer.from('hello, not a backup')],
      ['truncated', bytes.subarray(0, Math.floor(bytes.length / 2))],
      ['gzip of garbage', gzipSync('{"format":"crs-backup",')],
      ['an older backup (gzipped JSON)', gzipSync(JSON.stringify({ ...manifest, version: 1 }))],
      ['another format', await archive([['crs-backup.json', JSON.stringify({ format: 'something-else', version: 2 })]])],
      ['another version', await archive([['crs-backup.json', JSON.stringify({ ...manifest, version: 3 })]])],
      ['manifest not first', await archive([['files/ab/x', 'x'], ['crs-backup.json', JSON.stringify(manifest)]])],
      // A file entry whose name would escape the store: refused before any row changes.
      ['a path outside the store', await archive([['crs-backup.json', JSON.stringify(manifest)], ['files/../../../etc/evil', 'x']])],
    ];
    // A backup whose rows do not fit the tables: the transaction rolls back, nothing is truncated.
    const bad = structuredClone(manifest) as { tables: Record<string, unknown[]> };
    bad.tables.users = [...bad.tables.users!, { id: 'not-a-uuid', name: 'x', email: 'x@y.z', roles: ['Student'], password_hash: 'x' }];
    cases.push(['bad rows', await archive([['crs-backup.json', JSON.stringify(bad)]])]);

    for (const [name, content] of cases) {
      const file = path.join(dir, `${name.replace(/\W/g, '-')}.crs.gz`);
      writeFileSync(file, content);
      await expect(restoreFrom(t.ctx.db, t.ctx.store, file), name).rejects.toThrow();
      expect(await tableCounts(t.ctx.db), name).toEqual(before);
    }
  });

  it('refuses a backup made at another schema version and changes nothing', async () => {
    const before = await tableCounts(t.ctx.db);
    const good = path.join(dir, 'version.crs.gz');
    await backupTo(t.ctx.db, t.ctx.store, good);
    const data = (await manifestOf(good)) as { migrations: number };
    for (const migrations of [data.migrations - 1, data.migrations + 1]) {
      const file = path.join(dir, `v${migrations}.crs.gz`);
      writeFileSync(file, await archive([['crs-backup.json', JSON.stringify({ ...data, migrations })]]));
      await expect(restoreFrom(t.ctx.db, t.ctx.store, file)).rejects.toThrow(/schema version/);
      expect(await tableCounts(t.ctx.db)).toEqual(before);
    }
  });

  it('backs up every table of the schema but the server secrets', async () => {
    const tables = await one<{ names: string[] }>(
      t.ctx,
      sql`select array_agg(tablename::text order by tablename) as names from pg_tables where schemaname = 'public'`,
    );
    // The PostgreSQL file store's tables travel as the archive's files, not as rows.
    expect([...TABLES, ...NOT_BACKED_UP, ...FILE_STORE_TABLES].sort()).toEqual(tables.names);
    expect(TABLES).not.toContain('server_secrets');
  });

  it('backs up and restores the files of the PostgreSQL store, streamed, not as rows', async () => {
    const disk = t.ctx.store;
    t.ctx.store = new PostgresStore(t.ctx.database);
    try {
      const owner = await createUser(t.ctx, { roles: ['Student'] });
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * CHUNK_BYTES + 999)]);
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      const report = await saveGenerated(t.ctx, { ownerId: owner.id, bytes: big, filename: 'marks-register.pdf', mimeType: 'application/pdf' });
      const photo = await saveGenerated(t.ctx, { ownerId: owner.id, bytes: Buffer.from('PNG of a student'), filename: 'photo.png', mimeType: 'image/png' });
      const storeRows = async () => one<{ blobs: number; chunks: number }>(t.ctx, sql`select (select count(*)::int from file_blobs) as blobs, (select count(*)::int from file_chunks) as chunks`);
      expect((await storeRows()).chunks).toBeGreaterThanOrEqual(5);

      const file = path.join(dir, 'postgres-store.crs.gz');
      const written = await backupTo(t.ctx.db, t.ctx.store, file);
      // The two files whose bytes this store holds (earlier tests' files are on the disk store).
      expect(written.files).toBe(2);
      expect(written.tables).not.toHaveProperty('file_chunks');
      // The archive holds the bytes as files, and the store's tables not as rows.
      const names = await entryNames(file);
      expect(names).toEqual(expect.arrayContaining([`files/${report.storageKey}`, `files/${photo.storageKey}`]));
      expect(JSON.stringify(await manifestOf(file))).not.toContain('file_chunks');

      // Every byte lost from the store, then restored.
      await t.ctx.db.execute(sql`delete from file_blobs`);
      expect(await readBytes(t.ctx, report.id)).toBeUndefined();
      const restored = await restoreFrom(t.ctx.db, t.ctx.store, file);
      expect(restored.files).toBe(written.files);
      expect(sha((await readBytes(t.ctx, report.id))!.bytes)).toBe(sha(big));
      expect((await readBytes(t.ctx, photo.id))?.bytes.toString()).toBe('PNG of a student');
      expect(await storeRows()).toEqual({ blobs: written.files, chunks: expect.any(Number) });
    } finally {
      t.ctx.store = disk;
    }
  });
});

/** The names of a backup's entries, in order. */
async function entryNames(file: string): Promise<string[]> {
  const extract = tarExtract();
  extract.end(gunzipSync(readFileSync(file)));
  const names: string[] = [];
  for await (const entry of extract) {
    names.push(entry.header.name);
    entry.resume();
  }
  return names;
}

/** A backup's first entry, the database part, as an object. */
async function manifestOf(file: string): Promise<Record<string, unknown>> {
  const extract = tarExtract();
  extract.end(gunzipSync(readFileSync(file)));
  for await (const entry of extract) return JSON.parse((await buffer(entry)).toString()) as Record<string, unknown>;
  throw new Error('empty archive');
}

/** A gzipped tar of the given entries, as a hand-made (or tampered) backup. */
async function archive(entries: Array<[name: string, content: string]>): Promise<Buffer> {
  const pack = tarPack();
  for (const [name, content] of entries) pack.entry({ name }, content);
  pack.finalize();
  return gzipSync(await buffer(pack));
}
