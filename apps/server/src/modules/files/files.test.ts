// Stored files (decision 0025): types checked from the bytes, names made safe, and who may open a
// file — the owner, admins, whom the owning module allows, or a signed link.
import { readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { allowReaders, checkUpload, removeFile, saveGenerated, saveUpload, signedFileUrl, sweepOrphanBytes } from './files.service.ts';

const fixture = (dir: string, name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures', dir, name));
const PDF = fixture('files', 'marks.pdf');
const XLSX = fixture('files', 'marks.xlsx');
const XLS = fixture('files', 'marks.xls');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('checkUpload', () => {
  it('names a file by its real type: a PDF called .exe is kept as a PDF with .pdf added', async () => {
    expect(await checkUpload('material', PDF, 'notes.exe')).toEqual({ mimeType: 'application/pdf', filename: 'notes.exe.pdf' });
    expect(await checkUpload('material', PDF, 'Unit 1 notes.PDF')).toEqual({ mimeType: 'application/pdf', filename: 'Unit 1 notes.PDF' });
    expect(await checkUpload('material', XLSX, 'marks.xlsx')).toMatchObject({ mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: 'marks.xlsx' });
    // Legacy Office files are one container type: the name's extension says which, else .doc.
    expect(await checkUpload('material', XLS, 'marks.xls')).toEqual({ mimeType: 'application/vnd.ms-excel', filename: 'marks.xls' });
    expect(await checkUpload('material', XLS, 'marks')).toEqual({ mimeType: 'application/msword', filename: 'marks.doc' });
  });

  it('drops folders, quotes and control characters from the name', async () => {
    expect((await checkUpload('document', PDF, '../../etc/pass"wd\u0007.pdf')).filename).toBe('passwd.pdf');
    expect((await checkUpload('document', PDF, 'C:\\Users\\me\\circular.pdf')).filename).toBe('circular.pdf');
    expect((await checkUpload('document', PDF, '')).filename).toBe('file.pdf');
  });

  it('refuses a type the purpose does not take (415), an empty file (400) and an oversize one (413)', async () => {
    await expect(checkUpload('avatar', PDF, 'me.png')).rejects.toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_FILE_TYPE' });
    await expect(checkUpload('document', Buffer.from('PK\u0003\u0004 not really a zip'), 'a.zip')).rejects.toMatchObject({ statusCode: 415 });
    await expect(checkUpload('material', Buffer.alloc(0), 'empty.pdf')).rejects.toMatchObject({ statusCode: 400, code: 'FILE_REQUIRED' });
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 + 1 - PDF.length)]);
    await expect(checkUpload('material', big, 'big.pdf')).rejects.toMatchObject({ statusCode: 413, message: MSG.fileTooLarge('20 MiB') });
  });
});

describe('GET /files/{id}', () => {
  async function uploadedBy(roles: Parameters<typeof loginAs>[1], purpose: 'material' | 'document' = 'document') {
    const owner = await loginAs(t, roles);
    const file = await saveUpload(t.ctx, { purpose, ownerId: owner.user.id, bytes: PDF, filename: 'Circular – exams.pdf' });
    return { owner, file, url: `/api/v1/files/${file.id}` };
  }

  it('serves the owner and admins; refuses other users (403) and anyone without a token (401)', async () => {
    const { owner, url } = await uploadedBy(['Staff']);
    const res = await t.app.inject({ url, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(PDF.length));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Circular _ exams.pdf"; filename*=UTF-8''Circular%20%E2%80%93%20exams.pdf`);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    for (const role of ['Admin', 'SuperAdmin'] as const) expect((await t.app.inject({ url, headers: (await loginAs(t, [role])).auth })).statusCode).toBe(200);
    const stranger = await t.app.inject({ url, headers: (await loginAs(t, ['Student'])).auth });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });

  it('asks to save instead of show with ?download=1', async () => {
    const { owner, url } = await uploadedBy(['Teacher']);
    const res = await t.app.inject({ url: `${url}?download=1`, headers: owner.auth });
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('lets the module that owns a purpose allow more readers', async () => {
    const { url } = await uploadedBy(['Teacher'], 'material');
    const student = await loginAs(t, ['Student']);
    expect((await t.app.inject({ url, headers: student.auth })).statusCode).toBe(403);
    allowReaders('material', async (_ctx, p) => p.user.id === student.user.id);
    expect((await t.app.inject({ url, headers: student.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: (await loginAs(t, ['Student'])).auth })).statusCode).toBe(403);
  });

  it('opens a file by a signed link without a token, until it expires; a link is for one file only', async () => {
    const { file } = await uploadedBy(['Staff']);
    const other = (await uploadedBy(['Staff'])).file;
    const link = signedFileUrl(t.ctx, file.id, 60);
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    // The same signature on another file, a changed expiry, an expired link: refused.
    const sig = new URL(link, 'http://x').searchParams.get('t')!;
    expect((await t.app.inject({ url: `/api/v1/files/${other.id}?t=${sig}` })).statusCode).toBe(403);
    const [exp, mac] = sig.split('.');
    expect((await t.app.inject({ url: `/api/v1/files/${file.id}?t=${Number(exp) + 1000}.${mac}` })).json().code).toBe('FILE_LINK_INVALID');
    expect((await t.app.inject({ url: signedFileUrl(t.ctx, file.id, -1) })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id and a removed file, and 400 for a malformed id', async () => {
    const { owner, file, url } = await uploadedBy(['Staff']);
    await removeFile(t.ctx, file.id);
    const gone = await t.app.inject({ url, headers: owner.auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(MSG.fileNotFound);
    expect((await t.app.inject({ url: '/api/v1/files/not-a-uuid', headers: owner.auth })).statusCode).toBe(400);
  });

  it('sweeps bytes no file names once they are an hour old, and nothing else', async () => {
    const owner = await loginAs(t, ['Student']);
    const kept = await saveGenerated(t.ctx, { ownerId: owner.user.id, bytes: Buffer.from('kept'), filename: 'kept.pdf', mimeType: 'application/pdf' });
    const orphan = await t.ctx.store.put(Buffer.from('left by a crash'));
    const young = await t.ctx.store.put(Buffer.from('an upload whose row is not committed yet'));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of [kept.storageKey, orphan]) utimesSync(path.join(t.dataDir, 'uploads', key), twoHoursAgo, twoHoursAgo);

    expect(await sweepOrphanBytes(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.store.open(orphan)).toBeUndefined();
    const keys = [];
    for await (const { key } of t.ctx.store.list()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining([kept.storageKey, young]));
    expect(keys).not.toContain(orphan);
  });
});
