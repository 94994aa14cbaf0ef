import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AccountStatus, Role } from '@crs/shared/roles';
import type { User } from '@crs/shared/schemas/auth';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../../db/schema/users.ts';

export type NewUser = {
  name: string;
  email: string;
  phone?: string | null;
  roles: Role[];
  status: AccountStatus;
  passwordHash: string;
  department?: string | null;
  bio?: string | null;
};

/** The public shape of a user (spec section 3); never the password hash. */
export function presentUser(u: Omit<UserRow, 'passwordHash'>): User {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    bio: u.bio,
    avatar: u.avatar,
    studentId: u.studentId,
    department: u.department,
    roles: u.roles,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
  };
}

const PUBLIC_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  bio: users.bio,
  avatar: users.avatar,
  studentId: users.studentId,
  department: users.department,
  roles: users.roles,
  status: users.status,
  tokenVersion: users.tokenVersion,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

export const findUserById = async (db: Executor, id: string) =>
  (await db.select(PUBLIC_COLUMNS).from(users).where(eq(users.id, id)).limit(1))[0];

/** Inserts a user; Students get the next student number. Throws on a duplicate email (23505). */
export async function insertUser(db: Executor, u: NewUser) {
  const studentId = u.roles.includes('Student')
    ? sql<string>`'STU' || lpad(nextval('student_number_seq')::text, 6, '0')`
    : null;
  const [row] = await db
    .insert(users)
    .values({ ...u, email: u.email.toLowerCase(), studentId })
    .returning(PUBLIC_COLUMNS);
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<Pick<UserRow, 'name' | 'email' | 'bio' | 'status' | 'roles' | 'passwordHash' | 'phone' | 'department' | 'avatar'>> & {
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

export type UserFilter = { status?: AccountStatus; role?: Role; q?: string; page: number; pageSize: number };

/** A page of users, newest first, with the total that matches the filter. */
export async function listUsers(db: Executor, f: UserFilter) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(users.status, f.status));
  if (f.role) where.push(sql`${f.role} = any(${users.roles})`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(users.name, like), ilike(users.email, like), ilike(users.studentId, like))!);
  }
  const cond = where.length ? and(...where) : undefined;
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

export const deleteUser = async (db: Executor, id: string, onlyStatus?: AccountStatus) =>
  (
    await db
      .delete(users)
      .where(onlyStatus ? and(eq(users.id, id), eq(users.status, onlyStatus)) : eq(users.id, id))
      .returning({ id: users.id })
  ).length > 0;

/** Makes a pending account active; undefined when there is no pending account with this id. */
export async function activatePending(db: Executor, id: string) {
  const [row] = await db
    .update(users)
    .set({ status: 'active', updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.status, 'pending')))
    .returning(PUBLIC_COLUMNS);
  return row;
}

/** Active accounts per role (a user counts once per role held), pending sign-ups, all accounts. */
export async function accountCounts(db: Executor) {
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

