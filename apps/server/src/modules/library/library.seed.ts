import { count, sql } from 'drizzle-orm';
import { isbn13CheckDigit } from '@crs/shared/schemas/library';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { books, loans } from '../../db/schema/library.ts';
import { bulkInsertBooks, insertBooks } from './books.repository.ts';
import type { NewBook } from './books.repository.ts';

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

/** A valid ISBN-13 from a 3-digit prefix and a serial number. */
export function makeIsbn13(prefix: '978' | '979', serial: number): string {
  const first12 = prefix + String(serial).padStart(9, '0');
  return first12 + isbn13CheckDigit(first12);
}

const PUBLISHERS = [
  'Pearson Education',
  'McGraw Hill Education',
  'Oxford University Press',
  'Cambridge University Press',
  'Wiley India',
  'PHI Learning',
  'Springer',
  'S. Chand Publishing',
  'Cengage Learning',
  'Khanna Publishers',
  'New Age International',
  'Laxmi Publications',
  'Elsevier',
  'MIT Press',
  "O'Reilly Media",
  'Orient BlackSwan',
];

/** Per subject: real-sounding topics (each becomes two or three titles) and authors. */
const SUBJECTS: Record<string, { topics: string[]; authors: string[]; tags: string[] }> = {
  'Computer Science': {
    topics: ['Computer Networks', 'Operating Systems', 'Data Structures and Algorithms', 'Database System Concepts', 'Compiler Design', 'Artificial Intelligence', 'Machine Learning', 'Computer Architecture', 'Software Engineering', 'Theory of Computation', 'Distributed Systems', 'Computer Graphics', 'Cryptography and Network Security', 'Programming in C'],
    authors: ['Andrew S. Tanenbaum', 'Abraham Silberschatz', 'Thomas H. Cormen', 'Raghu Ramakrishnan', 'Alfred V. Aho', 'Stuart Russell', 'Tom M. Mitchell', 'David A. Patterson', 'Ian Sommerville', 'Michael Sipser', 'Behrouz A. Forouzan', 'E. Balagurusamy', 'Yashavant Kanetkar', 'William Stallings'],
    tags: ['programming', 'core', 'gate', 'reference'],
  },
  Electronics: {
    topics: ['Electronic Devices and Circuits', 'Digital Logic Design', 'Signals and Systems', 'Analog Communication', 'Digital Signal Processing', 'Microprocessors and Microcontrollers', 'VLSI Design', 'Control Systems', 'Antenna and Wave Propagation', 'Embedded Systems', 'Linear Integrated Circuits', 'Optical Fibre Communication', 'Electromagnetic Field Theory'],
    authors: ['Jacob Millman', 'Adel S. Sedra', 'Alan V. Oppenheim', 'Simon Haykin', 'Ramakant A. Gayakwad', 'M. Morris Mano', 'Neil Weste', 'I. J. Nagrath', 'John D. Kraus', 'Raj Kamal', 'Gerd Keiser', 'William H. Hayt'],
    tags: ['circuits', 'lab', 'core'],
  },
  'Mechanical Engineering': {
    topics: ['Engineering Thermodynamics', 'Fluid Mechanics', 'Strength of Materials', 'Theory of Machines', 'Heat and Mass Transfer', 'Manufacturing Processes', 'Machine Design', 'Engineering Mechanics', 'Internal Combustion Engines', 'Refrigeration and Air Conditioning', 'Automobile Engineering', 'Metrology and Measurements', 'Finite Element Analysis'],
    authors: ['P. K. Nag', 'R. K. Bansal', 'S. S. Rattan', 'R. K. Rajput', 'Yunus A. Cengel', 'V. B. Bhandari', 'S. Timoshenko', 'Kirpal Singh', 'J. N. Reddy', 'R. S. Khurmi', 'C. P. Arora', 'P. N. Rao'],
    tags: ['design', 'core', 'lab'],
  },
  'Civil Engineering': {
    topics: ['Surveying', 'Structural Analysis', 'Soil Mechanics and Foundation Engineering', 'Concrete Technology', 'Design of Steel Structures', 'Transportation Engineering', 'Environmental Engineering', 'Hydrology and Water Resources', 'Building Materials', 'Estimation and Costing', 'Reinforced Concrete Design', 'Geotechnical Engineering', 'Construction Management'],
    authors: ['B. C. Punmia', 'S. K. Duggal', 'M. S. Shetty', 'K. R. Arora', 'S. K. Khanna', 'N. Subramanian', 'C. S. Reddy', 'B. N. Dutta', 'R. C. Hibbeler', 'Gopal Ranjan', 'Santosh Kumar Garg', 'V. N. S. Murthy'],
    tags: ['structures', 'field work', 'core'],
  },
  'Electrical Engineering': {
    topics: ['Electrical Machines', 'Power Systems', 'Power Electronics', 'Electrical Measurements', 'Network Analysis', 'Switchgear and Protection', 'High Voltage Engineering', 'Utilization of Electrical Energy', 'Electric Drives', 'Renewable Energy Systems', 'Basic Electrical Engineering', 'Power System Analysis'],
    authors: ['P. S. Bimbhra', 'C. L. Wadhwa', 'M. D. Singh', 'A. K. Sawhney', 'M. E. Van Valkenburg', 'Sunil S. Rao', 'Hadi Saadat', 'G. K. Dubey', 'Stephen J. Chapman', 'J. B. Gupta', 'D. P. Kothari', 'Muhammad H. Rashid'],
    tags: ['power', 'core', 'lab'],
  },
  Mathematics: {
    topics: ['Higher Engineering Mathematics', 'Linear Algebra', 'Calculus', 'Probability and Statistics', 'Discrete Mathematics', 'Numerical Methods', 'Complex Analysis', 'Real Analysis', 'Differential Equations', 'Abstract Algebra', 'Graph Theory', 'Operations Research', 'Topology'],
    authors: ['B. S. Grewal', 'Gilbert Strang', 'Erwin Kreyszig', 'Kenneth H. Rosen', 'Sheldon Ross', 'S. C. Gupta', 'Walter Rudin', 'Tom M. Apostol', 'George F. Simmons', 'I. N. Herstein', 'Narsingh Deo', 'James Munkres', 'Hamdy A. Taha'],
    tags: ['theory', 'problems', 'core'],
  },
  Physics: {
    topics: ['Engineering Physics', 'Classical Mechanics', 'Quantum Mechanics', 'Electrodynamics', 'Statistical Mechanics', 'Optics', 'Solid State Physics', 'Nuclear Physics', 'Modern Physics', 'Mathematical Physics', 'Thermal Physics', 'Semiconductor Physics'],
    authors: ['H. C. Verma', 'Herbert Goldstein', 'David J. Griffiths', 'R. K. Pathria', 'Ajoy Ghatak', 'Charles Kittel', 'Kenneth S. Krane', 'Arthur Beiser', 'Mary L. Boas', 'M. N. Avadhanulu', 'S. M. Sze', 'Daniel V. Schroeder'],
    tags: ['theory', 'problems', 'lab'],
  },
  Chemistry: {
    topics: ['Organic Chemistry', 'Physical Chemistry', 'Inorganic Chemistry', 'Engineering Chemistry', 'Analytical Chemistry', 'Polymer Science', 'Environmental Chemistry', 'Spectroscopy', 'Biochemistry', 'Chemical Kinetics', 'Electrochemistry', 'Industrial Chemistry'],
    authors: ['Jonathan Clayden', 'Peter Atkins', 'J. D. Lee', 'Jain and Jain', 'Gary D. Christian', 'V. R. Gowariker', 'A. K. De', 'Donald L. Pavia', 'Lehninger', 'Keith J. Laidler', 'Allen J. Bard', 'B. K. Sharma'],
    tags: ['lab', 'theory', 'core'],
  },
  Management: {
    topics: ['Principles of Management', 'Marketing Management', 'Financial Management', 'Human Resource Management', 'Organizational Behaviour', 'Operations Management', 'Strategic Management', 'Business Communication', 'Entrepreneurship Development', 'Project Management', 'Supply Chain Management', 'Business Ethics'],
    authors: ['Harold Koontz', 'Philip Kotler', 'Prasanna Chandra', 'Gary Dessler', 'Stephen P. Robbins', 'William J. Stevenson', 'Fred R. David', 'Meenakshi Raman', 'Vasant Desai', 'Harold Kerzner', 'Sunil Chopra', 'A. C. Fernando'],
    tags: ['mba', 'case studies', 'reference'],
  },
  Economics: {
    topics: ['Principles of Economics', 'Microeconomics', 'Macroeconomics', 'Indian Economy', 'Engineering Economics', 'Econometrics', 'International Economics', 'Development Economics', 'Public Finance', 'Money and Banking', 'Managerial Economics', 'Environmental Economics'],
    authors: ['N. Gregory Mankiw', 'Hal R. Varian', 'Rudiger Dornbusch', 'Ramesh Singh', 'R. Panneerselvam', 'Damodar N. Gujarati', 'Paul Krugman', 'Amartya Sen', 'Harvey S. Rosen', 'Frederic S. Mishkin', 'D. N. Dwivedi', 'Tom Tietenberg'],
    tags: ['theory', 'policy', 'reference'],
  },
  'English Literature': {
    topics: ['The Novel in English', 'Shakespearean Tragedy', 'Indian Writing in English', 'Romantic Poetry', 'Modern Drama', 'Literary Criticism', 'Victorian Literature', 'Postcolonial Studies', 'English Grammar and Usage', 'Technical Writing', 'Communication Skills', 'World Literature'],
    authors: ['A. C. Bradley', 'M. K. Naik', 'Terry Eagleton', 'M. H. Abrams', 'Raymond Williams', 'Wren and Martin', 'R. K. Narayan', 'Edward Said', 'Homi K. Bhabha', 'Sanjay Kumar', 'Gayatri Spivak', 'Harold Bloom'],
    tags: ['humanities', 'reading', 'language'],
  },
  Biotechnology: {
    topics: ['Molecular Biology of the Gene', 'Cell Biology', 'Genetics', 'Microbiology', 'Immunology', 'Bioinformatics', 'Genetic Engineering', 'Bioprocess Engineering', 'Enzyme Technology', 'Plant Biotechnology', 'Animal Cell Culture', 'Biostatistics'],
    authors: ['James D. Watson', 'Bruce Alberts', 'Benjamin A. Pierce', 'Michael J. Pelczar', 'Kuby', 'Arthur M. Lesk', 'S. B. Primrose', 'Michael L. Shuler', 'Trevor Palmer', 'H. S. Chawla', 'R. Ian Freshney', 'Wayne W. Daniel'],
    tags: ['life sciences', 'lab', 'core'],
  },
};

const FORMS = ['{t}', 'Introduction to {t}', 'Fundamentals of {t}', '{t}: Principles and Practice', 'Advanced {t}', '{t}: A Textbook for Engineers', 'Problems and Solutions in {t}'];

/**
 * The demo catalogue: about 330 books over 12 subjects, the same every time, with valid ISBN-13s.
 * The first form of every topic is the plain topic ('Computer Networks').
 */
export function demoCatalogue(): NewBook[] {
  const r = rng(20240601);
  const out: NewBook[] = [];
  let serial = 1_300_000;
  for (const [subject, s] of Object.entries(SUBJECTS)) {
    s.topics.forEach((topic, i) => {
      const forms = [FORMS[0]!, ...r.some(FORMS.slice(1), 1, i % 3 === 0 ? 2 : 1)];
      for (const form of forms) {
        const copiesTotal = r.int(1, 6);
        const authors = [s.authors[i % s.authors.length]!];
        if (r.next() < 0.3) authors.push(r.pick(s.authors));
        const related = r.next() < 0.35 ? [r.pick(Object.keys(SUBJECTS))] : [];
        out.push({
          title: form.replace('{t}', topic),
          authors: [...new Set(authors)],
          subjects: [...new Set([subject, ...related])],
          publisher: r.pick(PUBLISHERS),
          year: r.int(1985, 2024),
          isbn: makeIsbn13('978', (serial += r.int(7, 997))),
          tags: r.some(s.tags, 0, 2),
          copiesTotal,
        });
      }
    });
  }
  return out;
}

const DEMO_STUDENT = 'student@demo.crs';
/** The demo desk that issued the seeded loans. */
export const DEMO_LIBRARIAN = 'librarian@demo.crs';

/**
 * Seeds the library on a database that has no books yet: the demo catalogue and demo loans —
 * for student@demo.crs one on loan, one overdue (with a live fine) and one returned — plus loans of
 * other students, some leaving a book with no copy left. Loans respect the circulation rules.
 * Returns false when the catalogue was not empty.
 */
export async function seedLibrary(
  ctx: AppContext,
  people: { students: Array<{ id: string; email: string }>; librarianId: string | null },
): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(books);
  if ((row?.n ?? 0) > 0) return false;
  await ctx.db.transaction(async (tx) => {
    await insertBooks(tx, demoCatalogue());
    const all = await tx.select({ id: books.id, title: books.title, copiesTotal: books.copiesTotal }).from(books).orderBy(books.isbn);
    const students = people.students;
    const demo = students.find((s) => s.email === DEMO_STUDENT);
    if (!demo || all.length === 0) return;
    const byTitle = (t: string) => all.find((b) => b.title === t)!;
    const desk = people.librarianId;
    const onLoan: string[] = [];
    const lend = async (userId: string, bookId: string, issuedDaysAgo: number, dueInDays: number) => {
      await tx.insert(loans).values({
        bookId,
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
      userId: demo.id,
      issuedBy: desk,
      returnedBy: desk,
      issuedOn: sql`now() - interval '40 days'`,
      dueOn: sql`now() - interval '26 days'`,
      returnedOn: sql`now() - interval '28 days'`,
      finePaise: 0,
    });

    // Other students: three loans each on single-copy books first (so some show no copy left),
    // one of them overdue for every third student, and one returned late with a paid fine.
    const others = students.filter((s) => s.id !== demo.id);
    const singles = all.filter((b) => b.copiesTotal === 1 && !onLoan.includes(b.id));
    const r = rng(7);
    let k = 0;
    for (const [i, s] of others.entries()) {
      for (let j = 0; j < 3; j++) {
        const book = singles[k++] ?? r.pick(all);
        if (onLoan.includes(book.id)) continue;
        const overdue = j === 0 && i % 3 === 0;
        await lend(s.id, book.id, overdue ? 18 : r.int(1, 10), overdue ? -r.int(2, 9) : r.int(4, 13));
      }
      const back = r.pick(all);
      if (!onLoan.includes(back.id)) {
        await tx.insert(loans).values({
          bookId: back.id,
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
    if (onLoan.length) {
      await tx.execute(
        sql`update ${books} set copies_available = ${books.copiesAvailable} - n.c
          from (select id, count(*)::int as c from unnest(${sql.param(onLoan)}::uuid[]) as id group by id) n
          where ${books.id} = n.id`,
      );
    }
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Bulk catalogue for benchmarks and load tests

const ADJ = ['Introduction to', 'Principles of', 'Fundamentals of', 'Advanced', 'Applied', 'Modern', 'Elements of', 'Handbook of', 'A First Course in', 'Topics in', 'Essentials of', 'Foundations of', 'Practical', 'Concise'];
const SUFFIX = ['', '', '', ': Theory and Practice', ': A Practical Approach', ' for Engineers', ' for Scientists', ': Problems and Solutions', ': An Indian Perspective'];
const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Ishaan', 'Kavya', 'Ananya', 'Diya', 'Meera', 'Rohan', 'Arjun', 'Priya', 'Sneha', 'Rahul', 'Vikram', 'Lakshmi', 'Suresh', 'Ramesh', 'Anita', 'Deepak', 'Pooja', 'John', 'Mary', 'David', 'Sarah', 'Michael', 'Emma', 'James', 'Olivia', 'Robert', 'Linda', 'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Carlos', 'Sofia', 'Ahmed', 'Fatima', 'Ivan', 'Elena', 'Pierre', 'Claire', 'Hans', 'Greta', 'Kwame', 'Amara', 'Raj', 'Nisha', 'Tarun', 'Farah'];
const LAST = ['Sharma', 'Iyer', 'Nair', 'Gupta', 'Reddy', 'Menon', 'Patil', 'Banerjee', 'Mukherjee', 'Rao', 'Verma', 'Joshi', 'Kulkarni', 'Desai', 'Chatterjee', 'Pillai', 'Bose', 'Singh', 'Khan', 'Das', 'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Garcia', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Tanaka', 'Suzuki', 'Wang', 'Zhang', 'Kim', 'Park', 'Novak', 'Kowalski', 'Rossi', 'Schmidt'];
const TOPICS = Object.values(SUBJECTS).flatMap((s) => s.topics);
const SUBJECT_NAMES = Object.keys(SUBJECTS);
const TAGS = ['core', 'reference', 'lab', 'theory', 'problems', 'gate', 'mba', 'design', 'policy', 'reading', 'programming', 'circuits', 'structures', 'power', 'case studies', 'field work', 'humanities', 'language', 'life sciences', 'exam prep'];
const SYLLABLES = ['ka', 'lo', 'mi', 'zor', 'ven', 'tri', 'qua', 'sel', 'dar', 'nex', 'pho', 'rim', 'tal', 'wex', 'yul', 'bri', 'cor', 'fen', 'gal', 'hux'];

/** A word from a syllable alphabet: rare enough that each appears in only a handful of titles. */
const coined = (n: number) => {
  let w = '';
  for (let i = 0; i < 4; i++, n = Math.floor(n / SYLLABLES.length)) w += SYLLABLES[n % SYLLABLES.length];
  return w.charAt(0).toUpperCase() + w.slice(1);
};

/**
 * Queries with known selectivity over a `seedBooks` catalogue, for benchmarks: a rare word
 * (1 in 10k titles), a coined word (about 1 in 100k), common words, prefixes, an author, a
 * multi-word query, a partial word inside a word, and an ISBN prefix.
 */
export const BENCH_SEARCH_QUERIES = ['quasicrystal', coined(1234), 'introduction', 'thermodynamics', 'comput', 'mech', 'Tanaka', 'sharma networks', 'fluid mechanics', 'puter', '979800005', ''];

/** The synthetic book number `i` of a `seedBooks` run (deterministic). */
export function syntheticBook(i: number, seed = 1): NewBook {
  const r = rng(seed * 1_000_003 + i);
  const topic = r.pick(TOPICS);
  let title = r.next() < 0.45 ? `${r.pick(ADJ)} ${topic}` : topic;
  title += r.pick(SUFFIX);
  if (r.next() < 0.02) title = `${coined(r.int(0, 1999))} ${title}`;
  if (i % 10_000 === 7) title = `Quasicrystals and ${topic}`;
  if (r.next() < 0.1) title += `, Volume ${r.int(1, 4)}`;
  const authors = Array.from({ length: r.int(1, 3) }, () => `${r.pick(FIRST)} ${r.pick(LAST)}`);
  const copiesTotal = r.int(1, 10);
  return {
    title,
    authors: [...new Set(authors)],
    subjects: r.some(SUBJECT_NAMES, 1, 3),
    publisher: r.pick(PUBLISHERS),
    year: r.int(1950, 2025),
    isbn: null,
    tags: r.some(TAGS, 0, 3),
    copiesTotal,
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
  // Fresh planner statistics and a merged GIN pending list: the embedded database has no autovacuum.
  await db.execute(sql`vacuum analyze books`);
  return added;
}
