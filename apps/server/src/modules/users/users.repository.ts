import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AccountStatus, Role } from '@crs/shared/roles';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../../db/schema/users.ts';

/** The next student ID: 'STU' and the running number in at least 6 digits (lpad would cut a 7th; see NEXT_ACCESSION). */
const NEXT_STUDENT_ID = sql<string>`'STU' || regexp_replace('00000' || nextval('student_number_seq')::text, '^0*([0-9]{6,})$', '\\1')`;
import { containing } from '../../lib/patterns.ts';

export type NewUser = {
  name: string;
  email: string;
  phone?: string | null;
  roles: Role[];
  status: AccountStatus;
  passwordHash: string;
  department?: string | null;
  departmentId?: string | null;
  bio?: string | null;
  section?: string | null;
  sectionId?: string | null;
  employeeId?: string | null;
  bloodGroup?: string | null;
  /** A Student without one gets the next student number. */
  studentId?: string | null;
};

const PUBLIC_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  bio: users.bio,
  departmentId: users.departmentId,
  sectionId: users.sectionId,
  avatar: users.avatar,
  studentId: users.studentId,
  department: users.department,
  section: users.section,
  employeeId: users.employeeId,
  bloodGroup: users.bloodGroup,
  roles: users.roles,
  status: users.status,
  tokenVersion: users.tokenVersion,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

/** The user without its password hash: what a signed-in request carries. */
export type UserRecord = Omit<UserRow, 'passwordHash'>;

export const findUserById = async (db: Executor, id: string): Promise<UserRecord | undefined> =>
  (await db.select(PUBLIC_COLUMNS).from(users).where(eq(users.id, id)).limit(1))[0];

/** Inserts a user; Students get the next student number. Throws on a duplicate email (23505). */
export async function insertUser(db: Executor, u: NewUser) {
  const studentId = u.studentId ?? (u.roles.includes('Student') ? NEXT_STUDENT_ID : null);
  const [row] = await db
    .insert(users)
    .values({ ...u, email: u.email.toLowerCase(), studentId })
    .returning(PUBLIC_COLUMNS);
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<
    Pick<UserRow, 'name' | 'email' | 'bio' | 'status' | 'roles' | 'passwordHash' | 'phone' | 'department' | 'departmentId' | 'avatar' | 'section' | 'sectionId' | 'studentId' | 'employeeId' | 'bloodGroup'>
  > & {
    bumpTokenVersion?: boolean;
  },
) {
  const { bumpTokenVersion, ...fields } = patch;
  const [row] = await db
    .update(users)
    .set({
      ...fields,
      ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning(PUBLIC_COLUMNS);
  return row;
}

export type UserFilter = { status?: AccountStatus | undefined; role?: Role | undefined; q?: string | undefined; department?: string | undefined; section?: string | undefined };

/** The WHERE of the users lists and the export: filters are exact (any case), `q` a substring of name, email, student or employee ID. */
function userWhere(f: UserFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.status) where.push(eq(users.status, f.status));
  if (f.role) where.push(sql`${f.role} = any(${users.roles})`);
  if (f.department) where.push(sql`lower(${users.department}) = lower(${f.department})`);
  if (f.section) where.push(sql`lower(${users.section}) = lower(${f.section})`);
  if (f.q) {
    const like = containing(f.q);
    where.push(or(ilike(users.name, like), ilike(users.email, like), ilike(users.studentId, like), ilike(users.employeeId, like))!);
  }
  return where.length ? and(...where) : undefined;
}

/** A page of users, newest first, with the total that matches the filter. */
export async function listUsers(db: Executor, f: UserFilter & { page: number; pageSize: number }) {
  const cond = userWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select(PUBLIC_COLUMNS)
      .from(users)
      .where(cond)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(users).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every user that matches the filter, by name, at most `limit` (the export). */
export const allUsers = (db: Executor, f: UserFilter, limit: number) =>
  db.select(PUBLIC_COLUMNS).from(users).where(userWhere(f)).orderBy(asc(users.name), asc(users.id)).limit(limit);

/** The departments users are in, by name. */
export async function distinctDepartments(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ d: users.department }).from(users).where(sql`${users.department} is not null and ${users.department} <> ''`).orderBy(asc(users.department));
  return rows.map((r) => r.d!);
}

/** Locks the active SuperAdmins' rows until the transaction ends; their ids (the last-SuperAdmin rule). */
export async function lockActiveSuperAdmins(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`'SuperAdmin' = any(${users.roles})`))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Locks one user's row and returns it (no hash); undefined when there is none. */
export async function lockUserForChange(db: Executor, id: string) {
  const [row] = await db.select(PUBLIC_COLUMNS).from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The stored emails among `emails` (lower-cased). */
export async function existingEmails(db: Executor, emails: readonly string[]): Promise<Set<string>> {
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (lower.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(sql`${users.email} = any(${sql.param(lower)}::text[])`);
  return new Set(rows.map((r) => r.email));
}

/** Inserts many new users (an import) in one statement, skipping emails stored meanwhile; the inserted rows. */
export async function insertUsersSkippingTaken(db: Executor, list: readonly NewUser[]) {
  if (list.length === 0) return [];
  return db
    .insert(users)
    .values(
      list.map((u) => ({
        ...u,
        email: u.email.toLowerCase(),
        studentId: u.studentId ?? (u.roles.includes('Student') ? NEXT_STUDENT_ID : null),
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning(PUBLIC_COLUMNS);
}

export const deleteUser = async (db: Executor, id: string, onlyStatus?: AccountStatus) =>
  (
    await db
      .delete(users)
      .where(onlyStatus ? and(eq(users.id, id), eq(users.status, onlyStatus)) : eq(users.id, id))
      .returning({ id: users.id, email: users.email, name: users.name, roles: users.roles })
  )[0];

/** Makes a pending user active; undefined when there is no pending user with this id. */
export async function activatePending(db: Executor, id: string) {
  const [row] = await db
    .update(users)
    .set({ status: 'active', updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.status, 'pending')))
    .returning(PUBLIC_COLUMNS);
  return row;
}

/** Active users per role (a user counts once per role held), pending sign-ups, all users. */
export async function userCounts(db: Executor) {
  const active = (role: Role) => sql<number>`count(*) filter (where ${users.status} = 'active' and ${role} = any(${users.roles}))::int`;
  const [row] = await db
    .select({
      students: active('Student'),
      teachers: active('Teacher'),
      staff: active('Staff'),
      librarians: active('Librarian'),
      admins: sql<number>`count(*) filter (where ${users.status} = 'active' and ${users.roles} && array['Admin','SuperAdmin']::text[])::int`,
      pendingApprovals: sql<number>`count(*) filter (where ${users.status} = 'pending')::int`,
      totalUsers: sql<number>`count(*)::int`,
    })
    .from(users);
  return row!;
}


export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** Active users holding `role`, by email. */
export const activeUsersWithRole = (db: Executor, role: Role) =>
  db
    .select({ id: users.id, email: users.email, department: users.department })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`${role} = any(${users.roles})`))
    .orderBy(asc(users.email));

/** Active users whose name, email or student ID contains `q` (any, when empty), by name. */
export async function searchActiveUsers(db: Executor, q: string, limit: number) {
  const like = containing(q);
  const where = q
    ? and(eq(users.status, 'active'), or(ilike(users.name, like), ilike(users.email, like), ilike(users.studentId, like)))
    : eq(users.status, 'active');
  return db
    .select({ id: users.id, name: users.name, email: users.email, studentId: users.studentId, roles: users.roles })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/** Locks the user's row until the transaction ends; its status, or undefined when there is none. */
export async function lockUser(db: Executor, id: string): Promise<AccountStatus | undefined> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, id)).for('update');
  return row?.status;
}

/** A user as other modules see them: enough to check a role and show a roster line or a loan's holder. */
export type UserCard = { id: string; name: string; email: string; studentId: string | null; roles: Role[]; status: AccountStatus };
const CARD_COLUMNS = { id: users.id, name: users.name, email: users.email, studentId: users.studentId, roles: users.roles, status: users.status };

/** The users of `ids` with roles and status (missing ids are left out). */
export const findUserCardsByIds = (db: Executor, ids: readonly string[]): Promise<UserCard[]> =>
  ids.length === 0 ? Promise.resolve([]) : db.select(CARD_COLUMNS).from(users).where(sql`${users.id} = any(${sql.param([...ids])}::uuid[])`);

/** The users whose email (any case) or student ID (any case) is one of `refs`. */
export const findUserCardsByRefs = (db: Executor, refs: readonly string[]): Promise<UserCard[]> => {
  const lower = [...new Set(refs.map((r) => r.trim().toLowerCase()).filter(Boolean))];
  if (lower.length === 0) return Promise.resolve([]);
  const upper = lower.map((r) => r.toUpperCase());
  return db
    .select(CARD_COLUMNS)
    .from(users)
    .where(or(sql`${users.email} = any(${sql.param(lower)}::text[])`, sql`${users.studentId} = any(${sql.param(upper)}::text[])`));
};

/** Inserts many active users of one role in one statement (Students get the next student numbers); by input order. */
export async function insertUsersBulk(
  db: Executor,
  role: Role,
  list: ReadonlyArray<{ name: string; email: string; department: string; phone: string | null; departmentId?: string | null; section?: string | null; sectionId?: string | null }>,
  passwordHash: string,
) {
  if (list.length === 0) return [];
  return db
    .insert(users)
    .values(
      list.map((s) => ({
        name: s.name,
        email: s.email.toLowerCase(),
        phone: s.phone,
        department: s.department,
        departmentId: s.departmentId ?? null,
        section: s.section ?? null,
        sectionId: s.sectionId ?? null,
        roles: [role],
        status: 'active' as const,
        passwordHash,
        studentId: role === 'Student' ? NEXT_STUDENT_ID : null,
      })),
    )
    .returning({ id: users.id, email: users.email, studentId: users.studentId });
}

// The one student record (decision 0036) --------------------------------------------------------

/** Sets the name shown for every person of a department (a department renamed in Academics). */
export const renameDepartment = async (db: Executor, departmentId: string, name: string) =>
  (await db.update(users).set({ department: name, updatedAt: sql`now()` }).where(eq(users.departmentId, departmentId)).returning({ id: users.id })).map((r) => r.id);

/** Sets the name shown for every student of a home section (a section renamed in Academics). */
export const renameSection = async (db: Executor, sectionId: string, s: { name: string; departmentId: string; department: string }) =>
  (
    await db
      .update(users)
      .set({ section: s.name, departmentId: s.departmentId, department: s.department, updatedAt: sql`now()` })
      .where(eq(users.sectionId, sectionId))
      .returning({ id: users.id })
  ).map((r) => r.id);

/** Links users whose department text is one of `list`'s names or codes (any case) and who have no department yet; their ids. */
export async function linkDepartments(db: Executor, list: ReadonlyArray<{ id: string; code: string; name: string }>) {
  const ids: string[] = [];
  for (const d of list) {
    const rows = await db
      .update(users)
      .set({ departmentId: d.id, department: d.name, updatedAt: sql`now()` })
      .where(and(sql`${users.departmentId} is null`, or(sql`lower(btrim(${users.department})) = lower(${d.name})`, sql`upper(btrim(${users.department})) = ${d.code}`)))
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Clears the home section of the students in `sectionId` (left or deleted); their ids. */
export const clearSection = async (db: Executor, sectionId: string, studentIds?: readonly string[]) =>
  (
    await db
      .update(users)
      .set({ section: null, sectionId: null, updatedAt: sql`now()` })
      .where(studentIds ? and(eq(users.sectionId, sectionId), sql`${users.id} = any(${sql.param([...studentIds])}::uuid[])`) : eq(users.sectionId, sectionId))
      .returning({ id: users.id })
  ).map((r) => r.id);

/** Makes the section the home section of those Students of `studentIds` that have none and are of its department or none (theirs then); their ids. */
export const adoptSection = async (db: Executor, studentIds: readonly string[], s: { id: string; name: string; departmentId: string; department: string }) =>
  studentIds.length === 0
    ? []
    : (
        await db
          .update(users)
          .set({
            sectionId: s.id,
            section: s.name,
            departmentId: sql`coalesce(${users.departmentId}, ${s.departmentId}::uuid)`,
            department: sql`case when ${users.departmentId} is null then ${s.department} else ${users.department} end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              sql`${users.id} = any(${sql.param([...studentIds])}::uuid[])`,
              sql`${users.sectionId} is null`,
              sql`'Student' = any(${users.roles})`,
              // A section of another department (an elective) is an enrolment, not the student's section.
              sql`(${users.departmentId} is null or ${users.departmentId} = ${s.departmentId}::uuid)`,
            ),
          )
          .returning({ id: users.id })
      ).map((r) => r.id);

/** The Students whose home section is one of `sectionIds` (the semester rollover's students), with what an alumni record copies. */
export const studentsOfHomeSections = (db: Executor, sectionIds: readonly string[]) =>
  sectionIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, studentId: users.studentId, sectionId: sql<string>`${users.sectionId}` })
        .from(users)
        .where(and(sql`${users.sectionId} = any(${sql.param([...sectionIds])}::uuid[])`, sql`'Student' = any(${users.roles})`));
/** Moves the home section of `studentIds` to `s` (the rollover's promotion; enrolment is the caller's). */
export async function moveHomeSection(db: Executor, studentIds: readonly string[], s: { id: string; name: string }): Promise<void> {
  for (let i = 0; i < studentIds.length; i += 5000) {
    await db
      .update(users)
      .set({ sectionId: s.id, section: s.name, updatedAt: sql`now()` })
      .where(sql`${users.id} = any(${sql.param(studentIds.slice(i, i + 5000))}::uuid[])`);
  }
}
/** Name, email, phone and student ID of `ids` (an alumni record's copy of the student). */
export const contactsByIds = (db: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.select({ id: users.id, name: users.name, email: users.email, phone: users.phone, studentId: users.studentId }).from(users).where(sql`${users.id} = any(${sql.param([...ids])}::uuid[])`);

/** Users whose department or section is legacy free text no Academics record matched, by name (all of them when `limit` is 'all'). */
export const unmatchedUsers = (db: Executor, limit: number | 'all') => {
  const where = sql`(${users.departmentId} is null and coalesce(btrim(${users.department}), '') <> '') or (${users.sectionId} is null and coalesce(btrim(${users.section}), '') <> '')`;
  const byName = db
    .select({ id: users.id, name: users.name, email: users.email, roles: users.roles, department: users.department, departmentId: users.departmentId, section: users.section, sectionId: users.sectionId })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .$dynamic();
  return Promise.all([limit === 'all' ? byName : byName.limit(limit), db.select({ n: count() }).from(users).where(where)]).then(([rows, [total]]) => ({ rows, total: total?.n ?? 0 }));
};

/** The active user whose student ID or employee ID is `ref` (as printed, or upper-cased): what a library card scan gives. */
export async function activeUserByMemberNumber(db: Executor, ref: string): Promise<UserCard | undefined> {
  const forms = [...new Set([ref, ref.toUpperCase()])];
  const [row] = await db
    .select(CARD_COLUMNS)
    .from(users)
    .where(and(eq(users.status, 'active'), or(sql`${users.studentId} = any(${sql.param(forms)}::text[])`, sql`${users.employeeId} = any(${sql.param(forms)}::text[])`)))
    .limit(1);
  return row;
}
