import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Book } from '@crs/shared/schemas/library';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';
import { bulkInsertBooks } from './books.repository.ts';
import { addCopies } from './copies.repository.ts';
import { addBook, lend } from './library.fixtures.ts';
import type { Auth } from './library.fixtures.ts';

let t: TestApp;
let desk: Auth;
let student: Auth;
let teacher: Auth;
let networks: Book;

beforeAll(async () => {
  t = await createTestApp();
  desk = (await loginAs(t, ['Librarian'])).auth;
  student = (await loginAs(t, ['Student'])).auth;
  teacher = (await loginAs(t, ['Teacher'])).auth;
  networks = await addBook(t, desk, {
    title: 'Computer Networks',
    authors: ['Andrew S. Tanenbaum', 'David Wetherall'],
    subjects: ['Computer Science', 'Networking'],
    publisher: 'Pearson Education',
    year: 2010,
    isbn: '978-0-13-212695-3',
    tags: ['core', 'gate'],
    copiesTotal: 3,
  });
  await addBook(t, desk, { title: 'Engineering Thermodynamics', authors: ['P. K. Nag'], subjects: ['Mechanical Engineering'], publisher: 'McGraw Hill Education' });
  await addBook(t, desk, { title: 'Organic Chemistry', authors: ['Jonathan Clayden'], subjects: ['Chemistry'], tags: ['lab'], isbn: '0198503466' });
  await addBook(t, desk, { title: 'An Introduction to Computational Physics', authors: ['Tao Pang'], subjects: ['Physics'] });
  await addBook(t, desk, { title: 'algorithms unlocked', authors: ['Thomas H. Cormen'], subjects: ['Computer Science'], copiesTotal: 0 });
});
afterAll(() => t.close());

const search = async (q: string, auth: Auth = student, extra = '') => {
  const res = await t.app.inject({ url: `/api/v1/library/books?q=${encodeURIComponent(q)}${extra}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { books: Book[]; total: number; capped: boolean };
};
const titles = (r: { books: Book[] }) => r.books.map((b) => b.title);

describe('adding and reading books', () => {
  it('answers the one book shape, ISBN normalized, every copy available', async () => {
    expect(networks).toEqual({
      _id: expect.any(String),
      title: 'Computer Networks',
      authors: ['Andrew S. Tanenbaum', 'David Wetherall'],
      subjects: ['Computer Science', 'Networking'],
      publisher: 'Pearson Education',
      year: 2010,
      isbn: '9780132126953',
      tags: ['core', 'gate'],
      copiesAvailable: 3,
      copiesTotal: 3,
    });
    const res = await t.app.inject({ url: `/api/v1/library/books/${networks._id}`, headers: teacher });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(networks);
  });

  it('answers 404 "Book not found" for an unknown id and 400 for a malformed one', async () => {
    const res = await t.app.inject({ url: '/api/v1/library/books/00000000-0000-4000-8000-000000000000', headers: student });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MSG.bookNotFound, code: 'BOOK_NOT_FOUND' });
    expect((await t.app.inject({ url: '/api/v1/library/books/nope', headers: student })).statusCode).toBe(400);
  });

  it('refuses an ISBN whose check digit is wrong with a clear 400', async () => {
    for (const isbn of ['978-0-13-212695-4', '0198503467']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/library/books', headers: desk, payload: { title: 'Bad', isbn, copiesTotal: 1 } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MSG.isbnChecksum, errors: [{ path: 'isbn', message: MSG.isbnChecksum }] });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/library/books', headers: desk, payload: { title: 'Bad', isbn: '12345', copiesTotal: 1 } });
    expect(res.json()).toMatchObject({ message: MSG.isbnFormat });
  });

  it('accepts a valid ISBN-10 ending in X', async () => {
    const book = await addBook(t, desk, { title: 'Ten Digit', isbn: '0-8044-2957-x' });
    expect(book.isbn).toBe('080442957X');
  });

  it('refuses a duplicate ISBN with 409 and adds nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/library/books', headers: desk, payload: { title: 'Copy', isbn: '9780132126953', copiesTotal: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: MSG.isbnTaken, code: 'ISBN_TAKEN' });
    expect((await search('copy')).total).toBe(0);
  });

  it('validates the rest of the book: title, copies, year, unknown fields', async () => {
    const bad = [
      { payload: { title: '  ', copiesTotal: 1 }, message: MSG.bookTitleRequired },
      { payload: { title: 'X', copiesTotal: -1 }, message: 'Copies cannot be negative' },
      { payload: { title: 'X', copiesTotal: 1.5 }, message: 'Copies must be a whole number' },
      { payload: { title: 'X', year: 3000 }, message: 'Year is too far in the future' },
      { payload: { title: 'X', copiesAvailable: 9 } },
    ];
    for (const b of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/library/books', headers: desk, payload: b.payload });
      expect(res.statusCode, JSON.stringify(b.payload)).toBe(400);
      if (b.message) expect(res.json().message).toBe(b.message);
    }
  });

  it('lets only the desk add or edit books', async () => {
    for (const auth of [student, teacher, (await loginAs(t, ['Staff'])).auth]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/library/books', headers: auth, payload: { title: 'X' } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/library/books/${networks._id}`, headers: auth, payload: { title: 'X' } })).statusCode).toBe(403);
    }
    for (const role of ['Admin', 'SuperAdmin'] as const) {
      await addBook(t, (await loginAs(t, [role])).auth, { title: `Added by ${role}` });
    }
    expect((await t.app.inject({ url: '/api/v1/library/books' })).statusCode).toBe(401);
  });
});

describe('editing books', () => {
  it('moves available copies with the total and refuses to go below the copies on loan (409)', async () => {
    const book = await addBook(t, desk, { title: 'Signals and Systems', copiesTotal: 3 });
    const members = await Promise.all([loginAs(t), loginAs(t)]);
    for (const m of members) await lend(t, desk, book._id, m.user.id);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/v1/library/books/${book._id}`, headers: desk, payload });

    const up = await patch({ copiesTotal: 5 });
    expect(up.statusCode).toBe(200);
    expect(up.json().book).toMatchObject({ copiesTotal: 5, copiesAvailable: 3 });

    const below = await patch({ copiesTotal: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ message: MSG.copiesBelowOnLoan, code: 'COPIES_ON_LOAN' });

    const exact = await patch({ copiesTotal: 2, title: 'Signals & Systems', isbn: '' });
    expect(exact.json().book).toMatchObject({ title: 'Signals & Systems', copiesTotal: 2, copiesAvailable: 0, isbn: null });
    expect((await search('signals')).books[0]).toMatchObject({ title: 'Signals & Systems' });
  });

  it('answers 404 for an unknown book, 409 for a taken ISBN and 400 for an empty patch', async () => {
    const url = '/api/v1/library/books/00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'PATCH', url, headers: desk, payload: { title: 'X' } })).statusCode).toBe(404);
    const other = await addBook(t, desk, { title: 'Other' });
    const taken = await t.app.inject({ method: 'PATCH', url: `/api/v1/library/books/${other._id}`, headers: desk, payload: { isbn: '9780132126953' } });
    expect(taken.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/library/books/${other._id}`, headers: desk, payload: {} })).statusCode).toBe(400);
  });
});

describe('search', () => {
  it('"comput" finds "Computer Networks" (word prefix), ranked title matches first', async () => {
    const r = await search('comput');
    expect(titles(r)).toContain('Computer Networks');
    expect(titles(r)).toContain('An Introduction to Computational Physics');
    expect(r.capped).toBe(false);
  });

  it('is case-insensitive and needs every word', async () => {
    expect(titles(await search('COMPUTER networks'))).toEqual(['Computer Networks']);
    expect(titles(await search('computer chemistry'))).toEqual([]);
  });

  it('finds partial words inside a word', async () => {
    expect(titles(await search('puter net'))).toEqual(['Computer Networks']);
    expect(titles(await search('modynam'))).toEqual(['Engineering Thermodynamics']);
  });

  it('searches authors, subjects, tags, publisher and ISBN', async () => {
    expect(titles(await search('tanenbaum'))).toEqual(['Computer Networks']);
    expect(titles(await search('networking'))).toEqual(['Computer Networks']);
    expect(titles(await search('lab'))).toEqual(['Organic Chemistry']);
    expect(titles(await search('mcgraw'))).toEqual(['Engineering Thermodynamics']);
    expect(titles(await search('978-0-13-212695-3'))).toEqual(['Computer Networks']);
    expect(titles(await search('9780132'))).toEqual(['Computer Networks']);
    expect(titles(await search('0198503466'))).toEqual(['Organic Chemistry']);
  });

  it('ranks a title match above an author or subject match', async () => {
    await addBook(t, desk, { title: 'Data Communications', authors: ['B. Forouzan'], subjects: ['Networks'] });
    const r = titles(await search('networks'));
    expect(r[0]).toBe('Computer Networks');
    expect(r).toContain('Data Communications');
  });

  it('lists the whole catalogue by title (case-insensitive) for an empty query, with paging', async () => {
    const all = await search('');
    expect(all.total).toBeGreaterThanOrEqual(8);
    const sorted = [...titles(all)].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(titles(all)).toEqual(sorted);
    const p1 = await search('', student, '&pageSize=2&page=1');
    const p2 = await search('', student, '&pageSize=2&page=2');
    expect(p1.books).toHaveLength(2);
    expect(p1.total).toBe(all.total);
    expect(titles(p2)).toEqual(titles(all).slice(2, 4));
  });

  it('shows availability, including books with no copy left', async () => {
    const [b] = (await search('algorithms unlocked')).books;
    expect(b).toMatchObject({ copiesAvailable: 0, copiesTotal: 0 });
  });

  it('ignores punctuation and answers an empty page past the end', async () => {
    expect(titles(await search('"computer" & (networks)!'))).toEqual(['Computer Networks']);
    const r = await search('computer', student, '&page=50');
    expect(r.books).toEqual([]);
    expect(r.total).toBe(2);
  });

  it('is open to every library role and validates its query', async () => {
    for (const role of ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin', 'Librarian'] as const) {
      const res = await t.app.inject({ url: '/api/v1/library/books?q=comput', headers: (await loginAs(t, [role])).auth });
      expect(res.statusCode, role).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/v1/library/books?pageSize=1000', headers: student })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/library/books?extra=1', headers: student })).statusCode).toBe(400);
  });
});

describe('writing books in bulk (seed, import)', () => {
  it('writes each book once, counting the copies it brings, and counts every copy written after it', async () => {
    const blank = { authors: ['B. Writer'], subjects: ['Bulk'], publisher: null, year: null, isbn: null, tags: [] };
    const copy = (accession: string) => ({ accession, shelf: null, acquiredOn: null, pricePaise: null, batch: null });
    const [taken] = await queryRows<{ accession: string }>(t.ctx.db, sql`select accession from library_copies limit 1`);
    await t.ctx.db.transaction(async (tx) => {
      // The backend's count of updated rows: it also holds earlier transactions' updates until the
      // backend reports its statistics (when idle, at most once a second; rarely on PGlite), so
      // only what this transaction adds is read, and no report comes inside a transaction.
      const booksUpdated = async () =>
        (await queryRows<{ n: number }>(tx, sql`select pg_stat_get_xact_tuples_updated('books'::regclass)::int as n`))[0]!.n;
      const updatedBefore = await booksUpdated();
      const written = await bulkInsertBooks(tx, [
        { ...blank, title: 'Bulk Numbered', copiesTotal: 3 },
        // A taken accession number is skipped, and not counted.
        { ...blank, title: 'Bulk Register', copiesTotal: 3, copies: [copy('BULK-1'), copy('BULK-2'), copy(taken!.accession)] },
      ]);
      expect(written).toBe(2);
      // No book was written a second time by the copies' count trigger (migration 0033): an
      // update there left a dead copy of every row and, after vacuum, half-empty pages that
      // every scan of the catalogue read (decision 0013).
      expect((await booksUpdated()) - updatedBefore).toBe(0);
      const counts = () =>
        queryRows<{ title: string; total: number; available: number; copies: number }>(
          tx,
          sql`select b.title, b.copies_total as total, b.copies_available as available, (select count(*)::int from library_copies c where c.book_id = b.id) as copies
            from books b where b.title like 'Bulk %' order by b.title`,
        );
      expect(await counts()).toEqual([
        { title: 'Bulk Numbered', total: 3, available: 3, copies: 3 },
        { title: 'Bulk Register', total: 2, available: 2, copies: 2 },
      ]);
      // The trigger counts again right after: a copy added in the same transaction moves the counts.
      const [numbered] = await queryRows<{ id: string }>(tx, sql`select id from books where title = 'Bulk Numbered'`);
      await addCopies(tx, numbered!.id, { count: 1 });
      expect((await counts())[0]).toEqual({ title: 'Bulk Numbered', total: 4, available: 4, copies: 4 });
    });
  });
});
