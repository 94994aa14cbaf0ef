// Copies (issue 31 item 1): accession numbers from the college's prefix and running number, the
// book's counts following its copies, editing by barcode, a copy lost on loan owing its
// replacement; and (item 2) the labels PDF, whose Code 128 barcodes ZXing reads back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Copy } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { readPdf } from '../../../test/pdf.ts';
import { rows } from '../../../test/util.ts';
import { addBook, DEFAULT_SETTINGS, getLoan, lend, makeDue, putSettings } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
let deskId: string;
let student: Auth;
beforeAll(async () => {
  t = await createTestApp();
  const d = await loginAs(t, ['Librarian']);
  desk = d.auth;
  deskId = d.user.id;
  student = (await loginAs(t)).auth;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, auth: Auth, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/library${url}`, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const copiesOf = async (bookId: string): Promise<Copy[]> => {
  const res = await api('GET', `/books/${bookId}/copies`, student);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { copies: Copy[] }).copies;
};
const counts = async (bookId: string) => {
  const b = (await api('GET', `/books/${bookId}`, student)).json() as { copiesTotal: number; copiesAvailable: number };
  return [b.copiesAvailable, b.copiesTotal];
};
const auditOf = (action: string, targetId: string) =>
  rows<{ actor_id: string; details: Record<string, unknown> | null; changes: Record<string, unknown> | null }>(t.ctx, sql`select actor_id, details, changes from audit_log where action = ${action} and target_id = ${targetId}`);

describe('copies', () => {
  it('numbers a new book\'s copies from the college prefix and running number; counts follow the copies', async () => {
    await putSettings(t, desk, { ...DEFAULT_SETTINGS, accessionPrefix: 'SVCE' } as never);
    const book = await addBook(t, desk, { copiesTotal: 3 });
    const copies = await copiesOf(book._id);
    expect(copies).toHaveLength(3);
    for (const c of copies) {
      expect(c.accession).toMatch(/^SVCE-\d{6}$/);
      expect(c).toMatchObject({ barcode: c.accession, status: 'available', bookId: book._id });
    }
    const numbers = copies.map((c) => Number(c.accession.slice(5)));
    expect(numbers[1]! - numbers[0]!).toBe(1);
    expect(await counts(book._id)).toEqual([3, 3]);

    const added = await api('POST', `/books/${book._id}/copies`, desk, { count: 2, shelf: 'CSE-R4-S2', acquiredOn: '2026-07-20', price: 649.5, batch: 'PO-2026-27/012' });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json() as { message: string; copies: Copy[] };
    expect(body.message).toBe(MSG.copiesAdded);
    expect(body.copies).toHaveLength(2);
    expect(body.copies[0]).toMatchObject({ shelf: 'CSE-R4-S2', acquiredOn: '2026-07-20', price: 649.5, batch: 'PO-2026-27/012', status: 'available' });
    expect(Number(body.copies[0]!.accession.slice(5))).toBe(numbers[2]! + 1);
    expect(await counts(book._id)).toEqual([5, 5]);
    const [entry] = await auditOf('library.copies_added', book._id);
    expect(entry).toMatchObject({ actor_id: deskId, details: { count: 2, first: body.copies[0]!.accession, last: body.copies[1]!.accession } });
    await putSettings(t, desk, DEFAULT_SETTINGS);
  });

  it('numbers past the millionth copy with a seventh digit rather than repeating an earlier number', async () => {
    await t.ctx.db.execute(sql`select setval('library_accession_seq', 999999)`);
    const book = await addBook(t, desk, { copiesTotal: 2 });
    const numbers = (await copiesOf(book._id)).map((c) => c.accession.replace(/^.*-/, '')).sort();
    expect(numbers).toEqual(['1000000', '1000001']);
  });

  it('edits a copy by barcode (any case): damaged leaves the shelf count, withdrawn the total; found again, both come back; audited', async () => {
    const book = await addBook(t, desk, { copiesTotal: 2 });
    const [first] = await copiesOf(book._id);
    const barcode = first!.accession;
    const got = await api('GET', `/copies/${barcode.toLowerCase()}`, desk);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({ accession: barcode, title: book.title, loan: null });

    const damaged = await api('PATCH', `/copies/${barcode}`, desk, { status: 'damaged', shelf: 'Binding desk' });
    expect(damaged.statusCode, damaged.body).toBe(200);
    expect(damaged.json()).toMatchObject({ message: MSG.copyUpdated, copy: { status: 'damaged', shelf: 'Binding desk' } });
    expect(await counts(book._id)).toEqual([1, 2]);
    const [change] = await auditOf('library.copy_changed', first!._id);
    expect(change!.changes).toMatchObject({ status: { from: 'available', to: 'damaged' }, shelf: { from: null, to: 'Binding desk' } });

    expect((await api('PATCH', `/books/${book._id}/copies/${first!._id}`, desk, { status: 'withdrawn' })).statusCode).toBe(200);
    expect(await counts(book._id)).toEqual([1, 1]);
    expect((await api('PATCH', `/copies/${barcode}`, desk, { status: 'available' })).statusCode).toBe(200);
    expect(await counts(book._id)).toEqual([2, 2]);
  });

  it('refuses what the desk may not do: other roles (403), unknown barcodes (404), bad values (400), a copy on loan back on the shelf (409)', async () => {
    const book = await addBook(t, desk, { copiesTotal: 1 });
    const [copy] = await copiesOf(book._id);
    expect((await api('POST', `/books/${book._id}/copies`, student, { count: 1 })).statusCode).toBe(403);
    expect((await api('PATCH', `/copies/${copy!.accession}`, student, { shelf: 'X' })).statusCode).toBe(403);
    expect((await api('GET', `/copies/${copy!.accession}`, student)).statusCode).toBe(403);
    const unknown = await api('GET', '/copies/NOPE-999999', desk);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.copyNotFound);
    expect((await api('PATCH', '/copies/has%20space', desk, { shelf: 'X' })).statusCode).toBe(400);
    expect((await api('PATCH', `/copies/${copy!.accession}`, desk, { status: 'on_loan' })).statusCode).toBe(400);
    expect((await api('POST', `/books/${book._id}/copies`, desk, { count: 0 })).statusCode).toBe(400);
    expect((await api('POST', '/books/00000000-0000-4000-8000-000000000000/copies', desk, { count: 1 })).statusCode).toBe(404);

    const m = await loginAs(t);
    await lend(t, m.auth, book._id);
    const back = await api('PATCH', `/copies/${copy!.accession}`, desk, { status: 'available' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(MSG.copyOnLoan);
    // Lowering the total never withdraws the copy on loan.
    const lower = await api('PATCH', `/books/${book._id}`, desk, { copiesTotal: 0 });
    expect(lower.statusCode).toBe(409);
    expect((await copiesOf(book._id))[0]!.status).toBe('on_loan');
  });

  it('lowering a book\'s total withdraws copies on the shelf, raising it numbers new ones', async () => {
    const book = await addBook(t, desk, { copiesTotal: 3 });
    const m = await loginAs(t);
    await lend(t, m.auth, book._id);
    const lowered = await api('PATCH', `/books/${book._id}`, desk, { copiesTotal: 1 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().book).toMatchObject({ copiesTotal: 1, copiesAvailable: 0 });
    expect((await copiesOf(book._id)).map((c) => c.status).sort()).toEqual(['on_loan', 'withdrawn', 'withdrawn']);
    const raised = await api('PATCH', `/books/${book._id}`, desk, { copiesTotal: 2 });
    expect(raised.json().book).toMatchObject({ copiesTotal: 2, copiesAvailable: 1 });
    expect(await copiesOf(book._id)).toHaveLength(4);
  });

  it('a copy lost on loan closes the loan: the member owes its price plus the late fine, a replacement fine; audited', async () => {
    const book = await addBook(t, desk, { copiesTotal: 2 });
    const [copy] = await copiesOf(book._id);
    expect((await api('PATCH', `/copies/${copy!.accession}`, desk, { price: 450 })).statusCode).toBe(200);
    const m = await loginAs(t);
    // Lend that exact copy: the first available by accession number.
    const loan = await lend(t, desk, book._id, m.user.id);
    expect(loan.accession).toBe(copy!.accession);
    await makeDue(t, loan._id, 3); // ₹2 a day: ₹6 late
    const lost = await api('PATCH', `/copies/${copy!.accession}`, desk, { status: 'lost' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().message).toBe(MSG.copyLost);
    const closed = await getLoan(t, desk, loan._id, m.user.id);
    expect(closed).toMatchObject({ status: 'returned', fineKind: 'replacement', fineAccrued: 456, fineStatus: 'unpaid' });
    expect(await counts(book._id)).toEqual([1, 1]);
    const fines = await t.app.inject({ url: '/api/v1/library/fines', headers: m.auth });
    expect(fines.json()).toMatchObject({ total: 456 });
    const [entry] = await auditOf('library.copy_lost', copy!._id);
    expect(entry).toMatchObject({ actor_id: deskId, details: { loan: loan._id, replacement: 450, fine: 456 } });

    // Without a price, Settings' replacement cost applies.
    const other = await addBook(t, desk, { copiesTotal: 1 });
    const l2 = await lend(t, desk, other._id, m.user.id);
    await putSettings(t, desk, { ...DEFAULT_SETTINGS, replacementCost: 300 } as never);
    expect((await api('PATCH', `/copies/${l2.accession}`, desk, { status: 'lost' })).statusCode).toBe(200);
    expect(await getLoan(t, desk, l2._id, m.user.id)).toMatchObject({ fineAccrued: 300, fineKind: 'replacement' });
    await putSettings(t, desk, DEFAULT_SETTINGS);
  });
});

describe('labels', () => {
  it('prints a batch on 3×8 A4 sheets whose Code 128 barcodes read back as the accession numbers, with short titles', async () => {
    const batch = `PO-TEST-${Date.now()}`;
    const book = await addBook(t, desk, { title: 'Digital Signal Processing: Principles, Algorithms and Applications', copiesTotal: 0 });
    const res = await api('POST', `/books/${book._id}/copies`, desk, { count: 26, batch, shelf: 'ECE-R2-S5' });
    expect(res.statusCode, res.body).toBe(201);
    const accessions = (res.json() as { copies: Copy[] }).copies.map((c) => c.accession);

    const pdf = await api('GET', `/copies/labels?batch=${encodeURIComponent(batch)}`, desk);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const doc = await readPdf(pdf.rawPayload);
    try {
      expect(doc.pages).toBe(2);
      const first = await doc.code128(1, 3, 8);
      expect(first).toEqual(accessions.slice(0, 24));
      const second = await doc.code128(2, 3, 8);
      expect(second.slice(0, 2)).toEqual(accessions.slice(24));
      expect(second.slice(2).every((x) => x === null)).toBe(true);
      const text = await doc.text(1);
      expect(text).toContain(accessions[0]!);
      expect(text).toContain('Digital Signal Processing');
      expect(text).not.toContain('Applications');
    } finally {
      await doc.close();
    }
  });

  it('prints chosen barcodes on 4×10 sheets; refuses no choice (400), nothing matching (404), other roles (403)', async () => {
    const book = await addBook(t, desk, { copiesTotal: 2 });
    const chosen = (await copiesOf(book._id)).map((c) => c.accession);
    const pdf = await api('GET', `/copies/labels?layout=4x10&barcodes=${chosen.map((a) => a.toLowerCase()).join(',')}`, desk);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const doc = await readPdf(pdf.rawPayload);
    try {
      expect((await doc.code128(1, 4, 10)).slice(0, 2)).toEqual(chosen);
    } finally {
      await doc.close();
    }
    expect((await api('GET', '/copies/labels', desk)).statusCode).toBe(400);
    const none = await api('GET', '/copies/labels?barcodes=NONE-1', desk);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.labelsNone);
    expect((await api('GET', `/copies/labels?barcodes=${chosen[0]}`, student)).statusCode).toBe(403);
  });
});
