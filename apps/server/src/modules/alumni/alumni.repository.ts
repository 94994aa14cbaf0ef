import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ALUMNI_COUNT_CAP } from '@crs/shared/schemas/alumni';
import type { CreateAlumnusInput, ListAlumniQuery, UpdateAlumnusInput } from '@crs/shared/schemas/alumni';
import { queryRows } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { alumni, alumniImports } from '../../db/schema/alumni.ts';
import type { AlumnusRow } from '../../db/schema/alumni.ts';
import { visibleRows } from '../../lib/import/staging-table.ts';
import { containing } from '../../lib/patterns.ts';

// The directory's rows: reads (list and search, one, keys), writes (one, patch, batch delete, import).

/** Every column an answer needs (search_text stays in the database). */
export const ALUMNUS_COLUMNS = {
  id: alumni.id,
  name: alumni.name,
  email: alumni.email,
  phone: alumni.phone,
  enrollmentNo: alumni.enrollmentNo,
  batch: alumni.batch,
  department: alumni.department,
  degree: alumni.degree,
  specialization: alumni.specialization,
  graduationYear: alumni.graduationYear,
  currentCompany: alumni.currentCompany,
  currentRole: alumni.currentRole,
  linkedin: alumni.linkedin,
  location: alumni.location,
  about: alumni.about,
  experiences: alumni.experiences,
  tags: alumni.tags,
  visibility: alumni.visibility,
  createdAt: alumni.createdAt,
  updatedAt: alumni.updatedAt,
};
export type AlumnusView = Omit<AlumnusRow, 'searchText' | 'nameKey' | 'departmentKey' | 'createdBy' | 'importId'>;

/** Alumni a pending import added are hidden from every read and write (lib/import's one visibility rule, decisions 0016, 0021). */
export const VISIBLE_ALUMNUS = visibleRows(alumni.importId, alumniImports);

/** Lower-case search words (at most 8); each must appear somewhere in name, company or role. */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .normalize('NFC')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A sort's order over a table or subquery with the raw columns (id, name_key, graduation_year,
 * created_at), named `alias.column`; over `alumni` it is the expression of the sort's index.
 */
function orderOver(alias: string, sort: ListAlumniQuery['sort']): SQL {
  const a = sql.raw(alias);
  const name = sql`${a}.name_key collate "C"`;
  switch (sort) {
    case 'name':
      return sql`${name}, ${a}.id`;
    case '-name':
      return sql`${name} desc, ${a}.id desc`;
    case 'graduationYear':
      return sql`${a}.graduation_year asc nulls last, ${name}, ${a}.id`;
    case '-graduationYear':
      return sql`${a}.graduation_year desc nulls last, ${name}, ${a}.id`;
    case 'createdAt':
      return sql`${a}.created_at, ${a}.id`;
    case '-createdAt':
      return sql`${a}.created_at desc, ${a}.id desc`;
  }
}

/** How many rows match `where`, counted up to the cap + 1: a scalar subquery. */
const cappedCount = (where: SQL) => sql<number>`(select count(*) from (select 1 from ${alumni} where ${where} limit ${ALUMNI_COUNT_CAP + 1}) n)::int`;

/**
 * One page of the directory. `publicOnly` (every caller but faculty) sees public profiles only.
 * Each search word matches anywhere in search_text (lower-cased name, company, role) through the
 * pg_trgm GIN; filters are ANDed (the company filter also narrows search_text, so it uses the GIN).
 * Totals are exact up to ALUMNI_COUNT_CAP; past it the total is the cap and `capped` is true.
 * One statement per page (each round trip costs the embedded database ~0.3 ms), two shapes:
 *
 * - Equality filters only (department, year, public only) or none: the page is read by walking
 *   the sort's index (the planner knows how many match, and stops after a page over dense
 *   matches; every page reachable), next to the capped count.
 * - Search words or the company filter (LIKE, whose selectivity the planner cannot estimate):
 *   bounded, as the catalogue search (decisions 0013, 0021): at most ALUMNI_COUNT_CAP + 1 matches
 *   are fetched with no order (the GIN or a filter's index, stopping at the limit), then sorted
 *   and paged: for a selective search the order and the total are exact; past the cap the pages
 *   are the first ALUMNI_COUNT_CAP matches met, in order (narrow the search to reach the rest).
 *   An ordered walk would read the whole name index for a rare word (190 ms at 100k alumni on
 *   PGlite, measured) or a run of it for a common name ("zubin" sits at its end).
 */
export async function listAlumni(
  db: Executor,
  f: ListAlumniQuery & { publicOnly: boolean },
): Promise<{ rows: AlumnusView[]; total: number; capped: boolean }> {
  const conds: SQL[] = [];
  if (f.publicOnly) conds.push(sql`${alumni.visibility} = 'public'`);
  const words = searchWords(f.q);
  for (const w of words) conds.push(sql`${alumni.searchText} like ${containing(w)}`);
  if (f.department) conds.push(sql`${alumni.departmentKey} = lower(${f.department})`);
  if (f.graduationYear !== undefined) conds.push(eq(alumni.graduationYear, f.graduationYear));
  if (f.company) {
    const part = containing(f.company.toLowerCase());
    conds.push(sql`lower(${alumni.currentCompany}) like ${part}`, sql`${alumni.searchText} like ${part}`);
  }
  const where = and(...conds, VISIBLE_ALUMNUS)!;
  const offset = (f.page - 1) * f.pageSize;
  const answer = (rows: AlumnusView[], found: number) => ({ rows, total: Math.min(found, ALUMNI_COUNT_CAP), capped: found > ALUMNI_COUNT_CAP });

  if (words.length === 0 && !f.company) {
    const page = await db
      .select({ ...ALUMNUS_COLUMNS, total: cappedCount(where) })
      .from(alumni)
      .where(where)
      .orderBy(orderOver('alumni', f.sort))
      .limit(f.pageSize)
      .offset(offset);
    const found = page[0]?.total ?? (await countMatches(db, where));
    return answer(page.map(({ total: _total, ...row }) => row), found);
  }

  // The candidates (no order), their count, and the page's rows in full joined back by id.
  const page = await db
    .select({ ...ALUMNUS_COLUMNS, total: sql<number>`p.total` })
    .from(
      sql`(with c as materialized (select id, name_key, graduation_year, created_at from ${alumni} where ${where} limit ${ALUMNI_COUNT_CAP + 1})
            select c.*, (select count(*) from c)::int as total from c order by ${orderOver('c', f.sort)} limit ${f.pageSize} offset ${offset}) p`,
    )
    .innerJoin(alumni, sql`${alumni.id} = p.id`)
    .orderBy(orderOver('p', f.sort));
  const found = page[0]?.total ?? (await countMatches(db, where));
  // Past the cap the pages stop at the ALUMNI_COUNT_CAP-th match in order.
  const shown = page.slice(0, Math.max(0, ALUMNI_COUNT_CAP - offset));
  return answer(shown.map(({ total: _total, ...row }) => row), found);
}

/** How many alumni match, up to the cap + 1 (a page past the end has no row to carry the count). */
async function countMatches(db: Executor, where: SQL): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`select ${cappedCount(where)} as n`);
  return Number(r?.n ?? 0);
}

export const findAlumnus = async (db: Executor, id: string): Promise<AlumnusView | undefined> =>
  (await db.select(ALUMNUS_COLUMNS).from(alumni).where(and(eq(alumni.id, id), VISIBLE_ALUMNUS)).limit(1))[0];

/** The alumnus of an enrollment number (a graduate's record: the rollover keys it on their student ID). */
export const findByEnrollment = async (db: Executor, enrollmentNo: string): Promise<AlumnusView | undefined> =>
  (await db.select(ALUMNUS_COLUMNS).from(alumni).where(and(eq(alumni.enrollmentNo, enrollmentNo), VISIBLE_ALUMNUS)).limit(1))[0];

export const findAlumniByIds = (db: Executor, ids: string[]): Promise<AlumnusView[]> =>
  ids.length ? db.select(ALUMNUS_COLUMNS).from(alumni).where(and(inArray(alumni.id, ids), VISIBLE_ALUMNUS)) : Promise.resolve([]);

/** The largest serial (the pattern's one group) among the enrollment numbers, 0 when none matches. */
export async function maxSyntheticSerial(db: Executor, pattern: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(db, sql`select coalesce(max(substring(enrollment_no from ${pattern})::int), 0)::int as n from ${alumni}`);
  return Number(r?.n ?? 0);
}

/** True when the directory has anyone. */
export const anyAlumni = async (db: Executor): Promise<boolean> => (await db.select({ id: alumni.id }).from(alumni).limit(1)).length > 0;

/** Every alumnus in directory order (faculty export). */
export const allAlumni = (db: Executor): Promise<AlumnusView[]> => db.select(ALUMNUS_COLUMNS).from(alumni).where(VISIBLE_ALUMNUS).orderBy(orderOver('alumni', 'name'));

/** A checked create input as the row to insert. */
export function toNewAlumnus(a: CreateAlumnusInput, createdBy: string | null) {
  return {
    name: a.name,
    email: a.email ?? null,
    phone: a.phone ?? null,
    enrollmentNo: a.enrollmentNo ?? null,
    batch: a.batch ?? null,
    department: a.department ?? null,
    degree: a.degree ?? null,
    specialization: a.specialization ?? null,
    graduationYear: a.graduationYear ?? null,
    currentCompany: a.currentCompany ?? null,
    currentRole: a.currentRole ?? null,
    linkedin: a.linkedin ?? null,
    location: a.location ?? null,
    about: a.about ?? null,
    experiences: a.experiences,
    tags: a.tags,
    visibility: a.visibility,
    createdBy,
  };
}
export type NewAlumnus = ReturnType<typeof toNewAlumnus>;

/** Inserts one alumnus. Throws 23505 on a taken email or enrollment number. */
export async function insertAlumnus(db: Executor, a: NewAlumnus): Promise<AlumnusView> {
  const [row] = await db.insert(alumni).values(a).returning(ALUMNUS_COLUMNS);
  return row!;
}

/** Applies a patch (absent fields stay, null clears). Undefined when there is no such alumnus. Throws 23505 as insert. */
export async function updateAlumnus(db: Executor, id: string, patch: Partial<UpdateAlumnusInput>): Promise<AlumnusView | undefined> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(alumni)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(alumni.id, id), VISIBLE_ALUMNUS))
    .returning(ALUMNUS_COLUMNS);
  return row;
}

/** Deletes these alumni; how many there were. */
/** Deletes the listed alumni; the deleted ones (id, name, email). */
export async function deleteAlumni(db: Executor, ids: string[]) {
  return db.delete(alumni).where(and(inArray(alumni.id, ids), VISIBLE_ALUMNUS)).returning({ id: alumni.id, name: alumni.name, email: alumni.email });
}

// ---------------------------------------------------------------------------------------------
// Import

/** The stored alumni matching these emails (lower-case) and enrollment numbers (any case), id by key. */
export async function idsByKeys(db: Executor, emails: string[], enrollments: string[]): Promise<{ byEmail: Map<string, string>; byEnrollment: Map<string, string> }> {
  const [e, n] = await Promise.all([
    emails.length
      ? queryRows<{ id: string; k: string }>(db, sql`select id, lower(email) as k from ${alumni} where lower(email) = any(${sql.param(emails)}::text[])`)
      : Promise.resolve([]),
    enrollments.length
      ? queryRows<{ id: string; k: string }>(
          db,
          sql`select id, lower(enrollment_no) as k from ${alumni} where lower(enrollment_no) = any(${sql.param(enrollments.map((x) => x.toLowerCase()))}::text[])`,
        )
      : Promise.resolve([]),
  ]);
  return { byEmail: new Map(e.map((r) => [r.k, r.id])), byEnrollment: new Map(n.map((r) => [r.k, r.id])) };
}

/** One import row as written: text fields null when the cell was blank; `keep*` for lists and visibility not given. */
export type ImportedAlumnus = NewAlumnus & { keepTags: boolean; keepExperiences: boolean; keepVisibility: boolean };

const RECORD = sql.raw(`name text, email text, phone text, enrollment_no text, batch text, department text, degree text,
  specialization text, graduation_year int, current_company text, "current_role" text, linkedin text, location text, about text,
  experiences jsonb, tags text[], visibility text, created_by uuid, keep_tags boolean, keep_experiences boolean, keep_visibility boolean, id uuid`);

const asJson = (list: Array<ImportedAlumnus & { id?: string }>) =>
  JSON.stringify(
    list.map((a) => ({
      id: a.id ?? null,
      name: a.name,
      email: a.email,
      phone: a.phone,
      enrollment_no: a.enrollmentNo,
      batch: a.batch,
      department: a.department,
      degree: a.degree,
      specialization: a.specialization,
      graduation_year: a.graduationYear,
      current_company: a.currentCompany,
      current_role: a.currentRole,
      linkedin: a.linkedin,
      location: a.location,
      about: a.about,
      experiences: a.experiences,
      tags: a.tags,
      visibility: a.visibility,
      created_by: a.createdBy,
      keep_tags: a.keepTags,
      keep_experiences: a.keepExperiences,
      keep_visibility: a.keepVisibility,
    })),
  );

/** Inserts many alumni in one statement (the rows as one JSON parameter); how many. Throws 23505 on a clash. */
export async function bulkInsertAlumni(db: Executor, list: ImportedAlumnus[], importId: string | null = null): Promise<number> {
  if (list.length === 0) return 0;
  const r = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
      insert into alumni (name, email, phone, enrollment_no, batch, department, degree, specialization, graduation_year,
        current_company, "current_role", linkedin, location, about, experiences, tags, visibility, created_by, import_id)
      select name, email, phone, enrollment_no, batch, department, degree, specialization, graduation_year,
        current_company, "current_role", linkedin, location, about, experiences, tags, visibility, created_by, ${importId}::uuid
      from json_to_recordset(${asJson(list)}::json) as r(${RECORD})
      returning 1)
    select count(*)::int as n from ins`,
  );
  return r[0]?.n ?? 0;
}

/**
 * Updates many alumni in one statement: a blank cell (null) keeps the stored value, lists and
 * visibility are replaced only when the file gave them. How many rows changed. Throws 23505 on a clash.
 */
export async function bulkUpdateAlumni(db: Executor, list: Array<ImportedAlumnus & { id: string }>): Promise<number> {
  if (list.length === 0) return 0;
  // "current_role" is a keyword (CURRENT_ROLE): every column name is quoted.
  const keep = (col: string) => sql.raw(`"${col}" = coalesce(r."${col}", a."${col}")`);
  const r = await queryRows<{ n: number }>(
    db,
    sql`with upd as (
      update alumni a set name = r.name,
        ${sql.join(
          ['email', 'phone', 'enrollment_no', 'batch', 'department', 'degree', 'specialization', 'graduation_year', 'current_company', 'current_role', 'linkedin', 'location', 'about'].map(keep),
          sql`, `,
        )},
        experiences = case when r.keep_experiences then a.experiences else r.experiences end,
        tags = case when r.keep_tags then a.tags else r.tags end,
        visibility = case when r.keep_visibility then a.visibility else r.visibility end,
        updated_at = now()
      from json_to_recordset(${asJson(list)}::json) as r(${RECORD})
      where a.id = r.id
      returning 1)
    select count(*)::int as n from upd`,
  );
  return r[0]?.n ?? 0;
}

/** The staging table of alumni imports (lib/import writes them). */
export { alumniImports };

/** Inserts graduates' records, private, skipping any whose enrollment number or email is in the directory already; how many were inserted. */
export async function insertGraduates(
  db: Executor,
  list: ReadonlyArray<{ name: string; email: string | null; phone: string | null; enrollmentNo: string; department: string | null; degree: string; batch: string; graduationYear: number }>,
): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await db
    .insert(alumni)
    .values(list.map((g) => ({ name: g.name, email: g.email?.toLowerCase() ?? null, phone: g.phone, enrollmentNo: g.enrollmentNo, department: g.department, degree: g.degree, batch: g.batch, graduationYear: g.graduationYear, visibility: 'private' as const })))
    .onConflictDoNothing()
    .returning({ id: alumni.id });
  return rows.length;
}
