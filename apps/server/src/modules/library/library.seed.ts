import { count, sql } from 'drizzle-orm';
import { isbn13CheckDigit } from '@crs/shared/schemas/library';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { books, libraryCopies, libraryHolds, librarySettings, loans } from '../../db/schema/library.ts';
import { bulkInsertBooks } from './books.repository.ts';
import type { ImportedCopy, NewBook } from './books.repository.ts';
import { bumpAccessionSequence } from './copies.repository.ts';
import { PUBLISHER_PREFIX, SUBJECT_AREAS } from './library.seed-catalogue.ts';
import type { Publisher, SubjectArea, Topic } from './library.seed-catalogue.ts';

/** A small deterministic PRNG (mulberry32): the same seed always builds the same catalogue. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const n = int(min, max);
    const out = new Set<T>();
    while (out.size < Math.min(n, list.length)) out.add(pick(list));
    return [...out];
  };
  return { next, int, pick, some };
}

/** A valid ISBN-13 from a prefix ('979', a publisher's '97881265') and a serial number filling the rest. */
export function makeIsbn13(prefix: string, serial: number): string {
  const digits = 12 - prefix.length;
  if (serial >= 10 ** digits) throw new Error(`No room for serial ${serial} after ISBN prefix ${prefix}`);
  const first12 = prefix + String(serial).padStart(digits, '0');
  return first12 + isbn13CheckDigit(first12);
}

/**
 * The demo catalogue: every title of every topic of `SUBJECT_AREAS` (300+ books), the same every
 * time. A book's subjects are its topic and its area, its tags its topic's; its ISBN-13 is valid,
 * unique and carries its publisher's prefix. First-year titles have more copies.
 */
export function demoCatalogue(): NewBook[] {
  const r = rng(20240601);
  const serials = new Map<Publisher, number>();
  const out: NewBook[] = [];
  for (const area of SUBJECT_AREAS) {
    for (const [topic, t] of Object.entries(area.topics)) {
      for (const [title, authors, publisher, year] of t.titles) {
        const digits = 12 - PUBLISHER_PREFIX[publisher].length;
        const serial = (serials.get(publisher) ?? r.int(0, 10 ** digits / 4)) + r.int(1, 9);
        serials.set(publisher, serial);
        out.push({
          title,
          authors: authors.split('; '),
          subjects: [topic, area.subject],
          publisher,
          year,
          isbn: makeIsbn13(PUBLISHER_PREFIX[publisher], serial),
          tags: [...t.tags],
          copiesTotal: t.firstYear ? r.int(5, 12) : r.int(1, 6),
        });
      }
    }
  }
  return out;
}

const DEMO_STUDENT = 'student@demo.crs';
/** The demo desk that issued the seeded loans. */
export const DEMO_LIBRARIAN = 'librarian@demo.crs';
/** The demo college's accession prefix (CRS Institute of Engineering and Technology). */
export const DEMO_ACCESSION_PREFIX = 'CRSIET';

/**
 * The demo register: every copy of the demo catalogue numbered CRSIET-000001 onwards in catalogue
 * order, on its department's stack (CSE-R4-S2: rack 4, shelf 2), bought in one of three yearly
 * purchase orders at a price near the Indian edition's.
 */
export function demoRegister(catalogue: NewBook[]): NewBook[] {
  const r = rng(31);
  let serial = 0;
  const batches = [
    { batch: 'PO-2022-23/114', acquiredOn: '2022-08-15' },
    { batch: 'PO-2023-24/087', acquiredOn: '2023-07-24' },
    { batch: 'PO-2024-25/041', acquiredOn: '2024-07-29' },
  ];
  return catalogue.map((b) => {
    const area = SUBJECT_AREAS.find((a) => a.subject === b.subjects[1]);
    const stack = area?.department ?? 'GEN';
    const rack = r.int(1, 8);
    const price = r.int(28, 120) * 1000; // ₹280 to ₹1,200 in paise
    const copies: ImportedCopy[] = Array.from({ length: b.copiesTotal }, (_, i) => {
      const bought = batches[Math.min(batches.length - 1, Math.floor((i * batches.length) / Math.max(1, b.copiesTotal)))]!;
      return { accession: `${DEMO_ACCESSION_PREFIX}-${String(++serial).padStart(6, '0')}`, shelf: `${stack}-R${rack}-S${r.int(1, 6)}`, acquiredOn: bought.acquiredOn, pricePaise: price, batch: bought.batch };
    });
    return { ...b, copies };
  });
}

/** Topics every branch reads in its first year: the shelf of a student whose department has none. */
const FIRST_YEAR_TOPICS = new Set(SUBJECT_AREAS.flatMap((a) => Object.entries(a.topics).filter(([, t]) => t.firstYear).map(([name]) => name)));

/**
 * Seeds the library on a database that has no books yet: the demo catalogue and demo loans —
 * for student@demo.crs one on loan, one overdue (with a live fine) and one returned — plus loans of
 * other students from their own department's shelf, some leaving a book with no copy left. Loans
 * respect the circulation rules.
 * Returns false when the catalogue was not empty.
 */
export async function seedLibrary(
  ctx: AppContext,
  people: { students: Array<{ id: string; email: string; department: string | null }>; librarianId: string | null },
): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(books);
  if ((row?.n ?? 0) > 0) return false;
  await ctx.db.transaction(async (tx) => {
    await tx.update(librarySettings).set({ accessionPrefix: DEMO_ACCESSION_PREFIX }).where(sql`${librarySettings.id} = 1`);
    await bulkInsertBooks(tx, demoRegister(demoCatalogue()));
    await bumpAccessionSequence(tx);
    const all = await tx
      .select({ id: books.id, title: books.title, subjects: books.subjects, copiesTotal: books.copiesTotal })
      .from(books)
      .orderBy(books.isbn);
    const students = people.students;
    const demo = students.find((s) => s.email === DEMO_STUDENT);
    if (!demo || all.length === 0) return;
    const byTitle = (t: string) => all.find((b) => b.title === t)!;
    const desk = people.librarianId;
    const onLoan: string[] = [];
    /** A copy of the book for a loan: one from the shelf, taken (out: true), or the first in the register. */
    const copyOf = async (bookId: string, out: boolean): Promise<string> => {
      if (!out) return (await tx.select({ id: libraryCopies.id }).from(libraryCopies).where(sql`${libraryCopies.bookId} = ${bookId}`).orderBy(libraryCopies.accession).limit(1))[0]!.id;
      const [taken] = await queryRows<{ id: string }>(
        tx,
        sql`update ${libraryCopies} set status = 'on_loan' where id = (select id from ${libraryCopies} where book_id = ${bookId} and status = 'available' order by accession limit 1) returning id`,
      );
      return taken!.id;
    };
    const lend = async (userId: string, bookId: string, issuedDaysAgo: number, dueInDays: number) => {
      await tx.insert(loans).values({
        bookId,
        copyId: await copyOf(bookId, true),
        userId,
        issuedBy: desk,
        issuedOn: sql`now() - make_interval(days => ${issuedDaysAgo}::int)`,
        // Two hours' slack, so 'overdue by 6 days' reads 6 (whole days are rounded up) on the day of seeding.
        dueOn: sql`now() + make_interval(days => ${dueInDays}::int) + interval '2 hours'`,
      });
      onLoan.push(bookId);
    };

    // student@demo.crs: on loan, overdue by 6 days (₹12 at the default rate), returned on time.
    await lend(demo.id, byTitle('Computer Networks').id, 3, 11);
    await lend(demo.id, byTitle('Operating Systems').id, 20, -6);
    await tx.insert(loans).values({
      bookId: byTitle('Data Structures and Algorithms').id,
      copyId: await copyOf(byTitle('Data Structures and Algorithms').id, false),
      userId: demo.id,
      issuedBy: desk,
      returnedBy: desk,
      issuedOn: sql`now() - interval '40 days'`,
      dueOn: sql`now() - interval '26 days'`,
      returnedOn: sql`now() - interval '28 days'`,
      finePaise: 0,
    });

    // Other students borrow from their own department's shelf (a first-year title when it has
    // none): three loans each, single-copy books first (so some show no copy left), one of them
    // overdue for every third student, and one returned late with a paid fine.
    const others = students.filter((s) => s.id !== demo.id);
    // The title whose copy waits on the hold shelf for student@demo.crs (below): nobody borrows it. The
    // first one-copy title by ISBN (DEMO_HELD_TITLE, which the demo notifications name).
    const kept = all.find((b) => b.copiesTotal === 1 && !onLoan.includes(b.id) && b.title !== 'Network Analysis' && b.title !== 'Computer Networks');
    const demoBooks = new Set([...onLoan, ...(kept ? [kept.id] : [])]);
    const r = rng(7);
    for (const [i, s] of others.entries()) {
      const subject = SUBJECT_AREAS.find((a) => a.department === s.department)?.subject;
      const shelf = all.filter((b) => !demoBooks.has(b.id) && (subject ? b.subjects.includes(subject) : FIRST_YEAR_TOPICS.has(b.subjects[0]!)));
      const picks = [...shelf.filter((b) => b.copiesTotal === 1), ...shelf.filter((b) => b.copiesTotal > 1)].filter((b) => !onLoan.includes(b.id));
      for (const [j, book] of picks.slice(0, 3).entries()) {
        const overdue = j === 0 && i % 3 === 0;
        await lend(s.id, book.id, overdue ? 18 : r.int(1, 10), overdue ? -r.int(2, 9) : r.int(4, 13));
      }
      const back = picks[3];
      if (back) {
        await tx.insert(loans).values({
          bookId: back.id,
          copyId: await copyOf(back.id, false),
          userId: s.id,
          issuedBy: desk,
          returnedBy: desk,
          issuedOn: sql`now() - interval '35 days'`,
          dueOn: sql`now() - interval '21 days'`,
          returnedOn: sql`now() - interval '17 days'`,
          finePaise: 800,
          finePaidAt: sql`now() - interval '17 days'`,
          fineSettledBy: desk,
        });
      }
    }
    // One copy lost on loan: the first other student lost their copy of a title of their own
    // department and owes its replacement cost (its price) plus the late fine it had run up (₹20).
    const loser = others[0];
    const loserSubject = SUBJECT_AREAS.find((a) => a.department === loser?.department)?.subject;
    const lostBook = all.find((b) => (loserSubject ? b.subjects.includes(loserSubject) : FIRST_YEAR_TOPICS.has(b.subjects[0]!)) && b.copiesTotal > 2 && !onLoan.includes(b.id));
    if (loser && lostBook) {
      const copyId = await copyOf(lostBook.id, true);
      await tx.update(libraryCopies).set({ status: 'lost' }).where(sql`${libraryCopies.id} = ${copyId}`);
      const [priced] = await tx.select({ pricePaise: libraryCopies.pricePaise }).from(libraryCopies).where(sql`${libraryCopies.id} = ${copyId}`);
      await tx.insert(loans).values({
        bookId: lostBook.id,
        copyId,
        userId: loser.id,
        issuedBy: desk,
        returnedBy: desk,
        issuedOn: sql`now() - interval '34 days'`,
        dueOn: sql`now() - interval '20 days'`,
        returnedOn: sql`now() - interval '10 days'`,
        finePaise: (priced?.pricePaise ?? 50000) + 2000,
        fineKind: 'replacement',
      });
    }

    // Holds (decision 0053): a copy of a one-copy title returned yesterday waits on the hold shelf
    // for student@demo.crs (two days left to collect it), with another student behind them; and
    // student@demo.crs waits, first in line, for a title whose only copy another student has.
    const single = all.filter((b) => b.copiesTotal === 1);
    const waitedFor = single.find((b) => onLoan.includes(b.id) && b.id !== lostBook?.id);
    if (kept) {
      const [copy] = await queryRows<{ id: string }>(tx, sql`update ${libraryCopies} set status = 'on_hold_shelf' where book_id = ${kept.id} and status = 'available' returning id`);
      if (copy) {
        await tx.insert(libraryHolds).values({
          bookId: kept.id,
          userId: demo.id,
          status: 'ready',
          copyId: copy.id,
          placedAt: sql`now() - interval '9 days'`,
          readyAt: sql`now() - interval '1 day'`,
          expiresAt: sql`now() + interval '2 days'`,
        });
        if (others[1]) await tx.insert(libraryHolds).values({ bookId: kept.id, userId: others[1].id, placedAt: sql`now() - interval '4 days'` });
      }
    }
    if (waitedFor) await tx.insert(libraryHolds).values({ bookId: waitedFor.id, userId: demo.id, placedAt: sql`now() - interval '2 days'` });
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Bulk catalogue for benchmarks and load tests: titles built on the same topics as the demo's

const ADJ = ['Introduction to', 'Principles of', 'Fundamentals of', 'Advanced', 'Applied', 'Modern', 'Elements of', 'Handbook of', 'A First Course in', 'Topics in', 'Essentials of', 'Foundations of', 'Practical', 'Concise'];
const SUFFIX = ['', '', '', ': Theory and Practice', ': A Practical Approach', ' for Engineers', ' for Scientists', ': Problems and Solutions', ': An Indian Perspective'];

/**
 * Author names by origin, weighted as in an Indian college library (mostly Indian authors), and
 * never mixing a first name of one origin with a surname of another. 'Tanaka' is one of four
 * Japanese surnames at weight 5, so it appears in about 2.5% of synthetic books (the bench's author query).
 */
const NAMES: ReadonlyArray<{ weight: number; first: readonly string[]; last: readonly string[] }> = [
  {
    weight: 70,
    first: ['Aarav', 'Vivaan', 'Aditya', 'Ishaan', 'Kavya', 'Ananya', 'Diya', 'Meera', 'Rohan', 'Arjun', 'Priya', 'Sneha', 'Rahul', 'Vikram', 'Lakshmi', 'Suresh', 'Ramesh', 'Anita', 'Deepak', 'Pooja', 'Raj', 'Nisha', 'Tarun', 'Farah', 'Sanjay', 'Kiran', 'Venkatesh', 'Geeta', 'Arun', 'Shalini', 'Imran', 'Harpreet'],
    last: ['Sharma', 'Iyer', 'Nair', 'Gupta', 'Reddy', 'Menon', 'Patil', 'Banerjee', 'Mukherjee', 'Rao', 'Verma', 'Joshi', 'Kulkarni', 'Desai', 'Chatterjee', 'Pillai', 'Bose', 'Singh', 'Khan', 'Das', 'Agarwal', 'Krishnan', 'Mishra', 'Pandey', 'Srinivasan', 'Bhattacharya', 'Naidu', 'Chauhan', 'Kapoor', 'Hegde', 'Saxena', 'Ahmed', 'Gill', 'Shetty', 'Tiwari'],
  },
  {
    weight: 17,
    first: ['John', 'Mary', 'David', 'Sarah', 'Michael', 'Emma', 'James', 'Olivia', 'Robert', 'Linda', 'Thomas', 'Susan', 'Peter', 'Karen', 'Richard', 'Helen'],
    last: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Carter', 'Mitchell'],
  },
  { weight: 5, first: ['Hiroshi', 'Yuki', 'Kenji', 'Akira', 'Naoko', 'Takeshi'], last: ['Tanaka', 'Suzuki', 'Sato', 'Yamamoto'] },
  { weight: 5, first: ['Wei', 'Mei', 'Jian', 'Xiaoming', 'Hui', 'Lei'], last: ['Wang', 'Zhang', 'Chen', 'Liu', 'Li', 'Zhou'] },
  { weight: 3, first: ['Min-jun', 'Ji-woo', 'Seo-yeon', 'Hyun-woo'], last: ['Kim', 'Park', 'Lee', 'Choi'] },
];
const SYLLABLES = ['ra', 'ma', 'vel', 'ko', 'na', 'ti', 'sa', 'pa', 'la', 'ga', 'dha', 'ru', 'ka', 'me', 'shi', 'va', 'ba', 'ni', 'ha', 'ta'];
const PLACE_ENDS = ['pur', 'nagar', 'abad', 'palli', 'gudi', 'halli', 'kot', 'ganj'];

/**
 * A place-like name from syllables ('Ramavelpur'): rare enough that each appears in only a handful
 * of titles, as names of places and people do in a real catalogue.
 */
const coined = (n: number) => {
  const end = PLACE_ENDS[n % PLACE_ENDS.length];
  let w = '';
  for (let i = 0, k = Math.floor(n / PLACE_ENDS.length); i < 3; i++, k = Math.floor(k / SYLLABLES.length)) w += SYLLABLES[k % SYLLABLES.length];
  return w.charAt(0).toUpperCase() + w.slice(1) + end;
};

/** Every topic of every area, each area's topics sharing the area's weight. */
const SYNTHETIC_TOPICS: ReadonlyArray<{ area: SubjectArea; name: string; topic: Topic; upTo: number }> = (() => {
  const out: Array<{ area: SubjectArea; name: string; topic: Topic; upTo: number }> = [];
  const total = SUBJECT_AREAS.reduce((n, a) => n + a.weight, 0);
  let upTo = 0;
  for (const area of SUBJECT_AREAS) {
    const topics = Object.entries(area.topics);
    for (const [name, topic] of topics) out.push({ area, name, topic, upTo: (upTo += area.weight / total / topics.length) });
  }
  out[out.length - 1]!.upTo = 1;
  return out;
})();
const PHYSICS = SYNTHETIC_TOPICS.filter((t) => t.area.subject === 'Physics');

/**
 * Queries with known selectivity over a `seedBooks` catalogue, for benchmarks: a rare word
 * (1 in 10k titles), a coined place name (about 1 in 100k), common words, prefixes, an author, a
 * multi-word query, a partial word inside a word, and an ISBN prefix.
 */
export const BENCH_SEARCH_QUERIES = ['quasicrystal', coined(1234), 'introduction', 'thermodynamics', 'comput', 'mech', 'Tanaka', 'sharma networks', 'fluid mechanics', 'puter', '979800005', ''];

/**
 * The synthetic book number `i` of a `seedBooks` run (deterministic). Its title is built on one
 * topic and its subjects are that topic and its area, its publisher one of the area's, so a
 * synthetic book fits its shelf as a demo book does.
 */
export function syntheticBook(i: number, seed = 1): NewBook {
  const r = rng(seed * 1_000_003 + i);
  const x = r.next();
  let { area, name, topic } = SYNTHETIC_TOPICS.find((t) => x < t.upTo)!;
  let title = r.next() < 0.45 ? `${r.pick(ADJ)} ${name}` : name;
  title += r.pick(SUFFIX);
  if (r.next() < 0.02) title = `Proceedings of the ${coined(r.int(0, 1999))} Symposium on ${name}`;
  if (i % 10_000 === 7) {
    ({ area, name, topic } = r.pick(PHYSICS));
    title = `Quasicrystals and ${name}`;
  }
  if (r.next() < 0.1) title += `, Volume ${r.int(1, 4)}`;
  const authors = Array.from({ length: r.int(1, 3) }, () => {
    let w = r.next() * 100;
    const names = NAMES.find((n) => (w -= n.weight) < 0) ?? NAMES[0]!;
    return `${r.pick(names.first)} ${r.pick(names.last)}`;
  });
  return {
    title,
    authors: [...new Set(authors)],
    subjects: [name, area.subject],
    publisher: r.pick(area.publishers),
    year: r.int(1980, 2025),
    isbn: null,
    tags: r.some(topic.tags, 0, topic.tags.length),
    copiesTotal: r.int(1, 10),
  };
}

/**
 * Adds `count` synthetic books (varied titles, authors, subjects; valid ISBN-13s in the 979-8
 * range, numbered after any from an earlier run) in batches of `batchSize` rows per INSERT. Each
 * batch is one statement, not one long transaction, so the embedded database stays responsive
 * between batches. Returns how many were added.
 * Used by `db:seed-books` and the benchmark.
 */
export async function seedBooks(
  db: Db,
  opts: { count: number; batchSize?: number; seed?: number; onProgress?: (done: number) => void },
): Promise<number> {
  const batchSize = opts.batchSize ?? 5000;
  const [start] = await db
    .select({ n: sql<number>`coalesce(max(substr(${books.isbn}, 5, 8)::int), 0)::int` })
    .from(books)
    .where(sql`${books.isbn} like '9798%'`);
  const first = Number(start?.n ?? 0) + 1;
  let added = 0;
  for (let i = 0; i < opts.count; i += batchSize) {
    const batch: NewBook[] = [];
    for (let j = i; j < Math.min(opts.count, i + batchSize); j++) {
      const serial = first + j;
      batch.push({ ...syntheticBook(serial, opts.seed), isbn: makeIsbn13('979', 800_000_000 + serial) });
    }
    added += await bulkInsertBooks(db, batch);
    opts.onProgress?.(added);
  }
  // Fresh planner statistics and a merged GIN pending list: the embedded database has no autovacuum,
  // and on PostgreSQL autovacuum would otherwise still be at the new copies when a benchmark measures.
  await db.execute(sql`vacuum analyze books`);
  await db.execute(sql`vacuum analyze library_copies`);
  return added;
}
