// The public catalogue (issue 31 item 5) and stock verification (item 6, decision 0053).
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Copy, OpacBook, Verification, VerificationReport } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import { addBook, lend } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
let superAdmin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
  superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
});
afterAll(() => t.close());

const opac = (q: string) => t.app.inject({ url: `/api/v1/opac/books?q=${encodeURIComponent(q)}` });
const setOpac = async (on: boolean) => {
  const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/settings', headers: superAdmin, payload: { opacEnabled: on } });
  expect(res.statusCode, res.body).toBe(200);
};
const copiesOf = async (bookId: string) => ((await t.app.inject({ url: `/api/v1/library/books/${bookId}/copies`, headers: desk })).json() as { copies: Copy[] }).copies;
const shelve = (bookId: string, copyId: string, shelf: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/library/books/${bookId}/copies/${copyId}`, headers: desk, payload: { shelf } });

describe('public catalogue', () => {
  it('is 404 while off, and on: finds the book without signing in, with shelves and availability and nothing about members', async () => {
    const book = await addBook(t, desk, { title: 'Thermodynamics Opac Edition', copiesTotal: 2 });
    const [c1] = await copiesOf(book._id);
    await shelve(book._id, c1!._id, 'MECH-R2');
    const member = await loginAs(t);
    await lend(t, member.auth, book._id);

    await setOpac(false);
    const off = await opac('Thermodynamics Opac');
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: 'OPAC_OFF', message: MSG.opacOff });
    expect((await t.app.inject({ url: '/api/v1/settings/public' })).json()).toMatchObject({ opacEnabled: false });

    await setOpac(true);
    expect((await t.app.inject({ url: '/api/v1/settings/public' })).json()).toMatchObject({ opacEnabled: true });
    const on = await opac('Thermodynamics Opac');
    expect(on.statusCode, on.body).toBe(200);
    const found = (on.json() as { books: OpacBook[] }).books.find((b) => b._id === book._id)!;
    expect(found).toMatchObject({ title: book.title, copiesTotal: 2, copiesAvailable: 1 });
    expect(found.copies.map((c) => c.status).sort()).toEqual(['available', 'on_loan']);
    expect(found.copies.find((c) => c.shelf === 'MECH-R2')).toBeDefined();
    // Nothing about who has a copy.
    expect(on.body).not.toContain(member.user.id);
    expect(on.body).not.toContain(member.user.email);
    expect(on.body).not.toMatch(/userId|dueOn|member/);
    await setOpac(false);
  });
});

describe('stock verification', () => {
  it('takes scans from two sessions (repeats change nothing), reports missing, wrong shelf, on loan and unexpected, exports .xlsx and freezes on closing', async () => {
    const shelf = `VERIFY-${Date.now() % 100000}`;
    const book = await addBook(t, desk, { title: 'Verification Book', copiesTotal: 4 });
    const copies = await copiesOf(book._id);
    for (const c of copies.slice(0, 3)) await shelve(book._id, c._id, shelf);
    await shelve(book._id, copies[3]!._id, 'ELSEWHERE');
    const member = await loginAs(t);
    const loan = await lend(t, member.auth, book._id); // takes the first copy on the shelf
    const [a, b, c, d] = copies.map((x) => x.accession) as [string, string, string, string];
    expect(loan.accession).toBe(a);

    const started = await t.app.inject({ method: 'POST', url: '/api/v1/library/verifications', headers: desk, payload: { shelf } });
    expect(started.statusCode, started.body).toBe(201);
    const v = (started.json() as { verification: Verification }).verification;
    expect(v).toMatchObject({ shelf, status: 'open', expected: 3, scanned: 0 });

    const desk2 = (await loginAs(t, ['Librarian'])).auth;
    const scan = (auth: Auth, barcodes: string[]) => t.app.inject({ method: 'POST', url: `/api/v1/library/verifications/${v._id}/scans`, headers: auth, payload: { barcodes } });
    const first = await scan(desk, [b.toLowerCase()]);
    expect(first.json()).toMatchObject({ added: 1, message: MSG.verificationScanned, last: { barcode: b, known: true, title: 'Verification Book' } });
    const second = await scan(desk2, [b, d, 'NOT-OURS-1']);
    expect(second.json()).toMatchObject({ added: 2, message: MSG.verificationUnexpected, verification: { scanned: 3 } });
    expect((await scan(desk2, [d])).json()).toMatchObject({ added: 0, message: MSG.verificationAlreadyScanned });

    const report = (await t.app.inject({ url: `/api/v1/library/verifications/${v._id}/report`, headers: desk })).json() as VerificationReport;
    expect(report.missing.map((x) => x.accession)).toEqual([c]);
    expect(report.onLoan.map((x) => x.accession)).toEqual([a]);
    expect(report.wrongShelf).toEqual([expect.objectContaining({ accession: d, shelf: 'ELSEWHERE' })]);
    expect(report.unexpected).toEqual(['NOT-OURS-1']);

    const xlsx = await t.app.inject({ url: `/api/v1/library/verifications/${v._id}/report.xlsx`, headers: desk });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const sheet = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const cells = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    expect(cells[0]).toEqual(['Finding', 'Accession', 'Title', 'Shelf', 'Status']);
    expect(cells.slice(1).map((r) => [r[0], r[1]])).toEqual([['Missing', c], ['Wrong shelf', d], ['On loan', a], ['Unexpected', 'NOT-OURS-1']]);

    const closed = await t.app.inject({ method: 'POST', url: `/api/v1/library/verifications/${v._id}/close`, headers: desk });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await scan(desk, [c])).json().code).toBe('VERIFICATION_CLOSED');
    // Frozen: the copy found afterwards does not change the closed report.
    await shelve(book._id, copies[3]!._id, shelf);
    const frozen = (await t.app.inject({ url: `/api/v1/library/verifications/${v._id}/report`, headers: desk })).json() as VerificationReport;
    expect(frozen.wrongShelf.map((x) => x.accession)).toEqual([d]);
    expect(frozen.verification).toMatchObject({ status: 'closed', expected: 3, scanned: 3 });
    const audited = await rows<{ action: string }>(t.ctx, sql`select action from audit_log where target_id = ${v._id} order by at`);
    expect(audited.map((r) => r.action)).toEqual(['library.verification_started', 'library.verification_closed']);
  });
});
