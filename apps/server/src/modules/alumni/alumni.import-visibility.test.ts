// Staged visibility of alumni imports (decisions 0016, 0021): new alumni are written in committed
// batches yet hidden until the import commits; a failed or interrupted import leaves nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, one } from '../../../test/util.ts';
import { addAlumnus, listAlumni, multipart, uniqueWord } from './alumni.fixtures.ts';
import type { Auth } from './alumni.fixtures.ts';
import * as repo from './alumni.repository.ts';
import { alumniImports } from '../../db/schema/alumni.ts';
import { commitImport, openImport, sweepStaleImports } from '../../lib/import/staged.ts';

let t: TestApp;
let teacher: Auth;
let student: Auth;
beforeAll(async () => {
  t = await createTestApp();
  teacher = (await loginAs(t, ['Teacher'])).auth;
  student = (await loginAs(t, ['Student'])).auth;
});
afterAll(() => t.close());

const upload = (csv: string, dryRun = false) => {
  const { payload, headers } = multipart(csv, 'alumni.csv');
  return t.app.inject({ method: 'POST', url: `/api/v1/alumni/upload/excel${dryRun ? '?dryRun=true' : ''}`, headers: { ...teacher, ...headers }, payload });
};
const pending = () => countRows(t.ctx, 'alumni_imports', "state = 'pending'");
const row = (name: string) => ({ ...repo.toNewAlumnus({ name, experiences: [], tags: [], visibility: 'public' }, null), keepTags: false, keepExperiences: false, keepVisibility: false });

describe('alumni import: staged visibility', () => {
  it('a pending import’s alumni are hidden from list, detail, edit, delete and export; its commit shows them all', async () => {
    const w = uniqueWord();
    const importId = (await openImport(t.ctx.db, alumniImports, null))!;
    await repo.bulkInsertAlumni(t.ctx.db, [row(`Staged A ${w}`), row(`Staged B ${w}`)], importId);
    const { id } = await one<{ id: string }>(t.ctx, sql`select id from alumni where name = ${`Staged A ${w}`}`);
    for (const auth of [teacher, student]) expect((await listAlumni(t, auth, { q: w })).body.total).toBe(0);
    expect((await t.app.inject({ url: `/api/v1/alumni/${id}`, headers: teacher })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/alumni/${id}`, headers: teacher, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/alumni/delete', headers: teacher, payload: { ids: [id] } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/alumni/export?format=csv', headers: teacher })).body).not.toContain(w);
    // A second real import waits its turn (409); a preview never does.
    const second = await upload(`Name\nSecond ${w}\n`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'IMPORT_IN_PROGRESS', message: MSG.importInProgress });
    expect((await upload(`Name\nSecond ${w}\n`, true)).statusCode).toBe(200);
    expect(await commitImport(t.ctx.db, alumniImports, importId)).toBe(true);
    expect((await listAlumni(t, student, { q: w })).body.total).toBe(2);
    expect((await t.app.inject({ url: `/api/v1/alumni/${id}`, headers: teacher })).statusCode).toBe(200);
  });

  it('clean-up deletes an import a crash left pending, with its alumni; a fresh one survives the stale-only sweep', async () => {
    const w = uniqueWord();
    const before = await countRows(t.ctx, 'alumni');
    const importId = (await openImport(t.ctx.db, alumniImports, null))!;
    await repo.bulkInsertAlumni(t.ctx.db, [row(`Left ${w}`)], importId);
    expect(await sweepStaleImports(t.ctx.db, new Date())).toBe(0);
    expect(await countRows(t.ctx, 'alumni')).toBe(before + 1);
    expect(await sweepStaleImports(t.ctx.db, new Date(), 0)).toBe(1);
    expect(await countRows(t.ctx, 'alumni')).toBe(before);
    expect(await pending()).toBe(0);
  });

  it('a clash after batches were committed deletes them all: nothing stays, nothing pending', async () => {
    const w = uniqueWord();
    await addAlumnus(t, teacher, { name: 'Owner', enrollmentNo: `OWN-${w}` });
    const before = await countRows(t.ctx, 'alumni');
    // 600 new rows (a batch of 500 is committed before the next); the last clashes with the stored enrollment number.
    const lines = Array.from({ length: 600 }, (_, i) => `Row ${i} ${w},row${i}.${w}@example.com,${i === 599 ? `own-${w}` : ''}`);
    const res = await upload(['Name,Email,Enrollment No', ...lines].join('\n'));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IMPORT_CLASH');
    expect(await countRows(t.ctx, 'alumni')).toBe(before);
    expect(await pending()).toBe(0);
    // The same file without the clash goes in whole.
    const ok = await upload(['Name,Email', ...lines.map((l) => l.replace(/,[^,]*$/, ''))].join('\n'));
    expect(ok.json()).toMatchObject({ created: 600 });
    expect((await listAlumni(t, teacher, { q: w })).body.total).toBe(600);
  });
});
