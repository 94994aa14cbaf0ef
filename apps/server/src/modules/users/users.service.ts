import { MSG } from '@crs/shared/messages';
import { hasAnyRole, STUDENT_RECORD_READERS } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import type { User } from '@crs/shared/schemas/auth';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { UUID } from '../../lib/patterns.ts';
import { presentUser } from './users.presenter.ts';
import * as repo from './users.repository.ts';
import type { UserRecord, NewUser } from './users.repository.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmailOf, MORE_ACCOUNTS, PENDING_ACCOUNTS } from './users.seed.ts';
import { uniqueEmail, uniqueUserKeys, userCache } from './users.unique.ts';

// The users module owns users (the users table). This file is its interface for other modules:
// one function per question they ask ("the user of this id", "the users of these ids", "the
// Student this reference names"), explicit "all" queries, and the few changes they make inside
// their own transactions (`tx`). Administration (the People pages, sign-up approval, the CLI) is
// users.admin.service.ts; a user's own profile extras are profile.service.ts — both only for
// this module's routes and the composition root (lint: other modules import only this file).

export type { UserRecord, NewUser, UserCard } from './users.repository.ts';
export { presentUser };
export { demoEmailOf };


// Questions ------------------------------------------------------------------------------------

/** The user if it is in the cache now, else undefined (no query): the synchronous hot path of authentication. */
export const cachedUser = (ctx: AppContext, id: string): UserRecord | undefined => userCache(ctx).get(id);

/** The user of a signed-in request, from the cache when fresh; undefined when there is none. */
export async function getUser(ctx: AppContext, id: string): Promise<UserRecord | undefined> {
  const cache = userCache(ctx);
  const hit = cache.get(id);
  if (hit) return hit;
  const epoch = cache.epoch;
  const user = await repo.findUserById(ctx.db, id);
  if (user) cache.set(id, user, epoch);
  return user;
}

/** The user as stored now (never cached); pass `tx` inside a transaction. */
export const findUser = (ctx: AppContext, id: string, tx: Executor = ctx.db): Promise<UserRecord | undefined> => repo.findUserById(tx, id);

/** The user with their password hash, for sign-in and password reset only. */
export const findCredentials = (ctx: AppContext, email: string, tx: Executor = ctx.db): Promise<UserRow | undefined> =>
  repo.findUserByEmail(tx, email);

/** The id of the user with this email, if there is one (no password hash leaves the module). */
export const userIdByEmail = async (ctx: AppContext, email: string): Promise<string | undefined> => (await repo.findUserByEmail(ctx.db, email))?.id;

/** Name, email, student ID, roles and status of the users of `ids`, by id (unknown ids are absent): roster lines, holders of loans, role checks. */
export async function usersByIds(ctx: AppContext, ids: readonly string[], tx: Executor = ctx.db) {
  const rows = await repo.findUserCardsByIds(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}
/** The users referenced by email or student ID (any case), keyed by the lower-cased email and student ID. */
export async function usersByRefs(ctx: AppContext, refs: readonly string[], tx: Executor = ctx.db) {
  const rows = await repo.findUserCardsByRefs(tx, refs);
  const map = new Map<string, repo.UserCard>();
  for (const r of rows) {
    map.set(r.email.toLowerCase(), r);
    if (r.studentId) map.set(r.studentId.toLowerCase(), r);
  }
  return map;
}

/** The active member whose student ID or employee ID this is (a library card scan, issue 31). */
export const activeUserByMemberNumber = (ctx: AppContext, ref: string, tx: Executor = ctx.db) => repo.activeUserByMemberNumber(tx, ref.trim());

/** Whether `ref` (user id, student ID or email, any case) names `user`. */
function refersTo(user: Pick<UserRecord, 'id' | 'email' | 'studentId'>, ref: string): boolean {
  const r = ref.trim().toLowerCase();
  return user.id === ref.trim() || user.email.toLowerCase() === r || user.studentId?.toLowerCase() === r;
}

/** The Student that `ref` names (user id, student ID as on ID cards, or email; any case); 404 STUDENT_NOT_FOUND unless a user with the Student role. */
export async function findStudent(ctx: AppContext, ref: string, tx: Executor = ctx.db): Promise<UserRecord> {
  const key = ref.trim();
  let id: string | undefined = UUID.test(key) ? key : undefined;
  if (!id) id = (await usersByRefs(ctx, [key], tx)).get(key.toLowerCase())?.id;
  const user = id ? await repo.findUserById(tx, id) : undefined;
  if (!user || !user.roles.includes('Student')) throw notFound(MSG.studentNotFound, 'STUDENT_NOT_FOUND');
  return user;
}

/**
 * The Student `ref` names, for `reader` by the ID-card rule (decision 0027): Teacher, Admin and
 * SuperAdmin read any student's record; anyone else only their own — refused with `refusal` before
 * any lookup, so a student cannot probe which other student IDs exist. Never returns a non-Student.
 */
export async function studentReadableBy(ctx: AppContext, reader: Pick<UserRecord, 'id' | 'email' | 'studentId' | 'roles'>, ref: string, refusal: () => Error, tx: Executor = ctx.db): Promise<UserRecord> {
  if (!hasAnyRole(reader.roles, STUDENT_RECORD_READERS) && !refersTo(reader, ref)) throw refusal();
  return findStudent(ctx, ref, tx);
}

/** Every active user holding `role` (id, email, department), by email: an explicit "all", no page size. */
export const activeUsersWithRole = (ctx: AppContext, role: Role, tx: Executor = ctx.db) => repo.activeUsersWithRole(tx, role);

/** Active users whose name, email or student ID contains `q`, by name, at most `limit`. */
export const searchActiveUsers = (ctx: AppContext, q: string, limit: number) => repo.searchActiveUsers(ctx.db, q, limit);

/** Active users per role (a user counts once per role held), pending sign-ups, all users. */
export const userCounts = (ctx: AppContext) => repo.userCounts(ctx.db);

// Changes other modules make (auth: sign-up, profile, password; idcards: the card's fields; the
// library: a borrower's row lock), inside their transaction when they pass `tx` -------------------

/** Inserts a user (Students get the next student number); a taken email is a 409 and adds nothing. */
export const insertUser = (ctx: AppContext, input: NewUser, tx: Executor = ctx.db): Promise<UserRecord> =>
  uniqueEmail(() => repo.insertUser(tx, input));

/** Changes name, email or bio (never roles, status or password); a taken email is a 409. */
export async function updateProfile(ctx: AppContext, id: string, patch: { name?: string | undefined; email?: string | undefined; bio?: string | undefined }): Promise<User> {
  const user = await uniqueEmail(() => repo.updateUser(ctx.db, id, patch));
  if (!user) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  await userCache(ctx).invalidate(id);
  return presentUser(user);
}

/**
 * Sets a new password hash and bumps the token version, so older access tokens stop working.
 * Inside a transaction: call `userChanged` once it has committed.
 */
export async function setPassword(ctx: AppContext, id: string, passwordHash: string, tx: Executor = ctx.db): Promise<void> {
  await repo.updateUser(tx, id, { passwordHash, bumpTokenVersion: true });
}

/** The fields an administrator or another module's rule may change on a user. */
export type UserChange = Partial<
  Pick<UserRecord, 'name' | 'email' | 'phone' | 'department' | 'departmentId' | 'section' | 'sectionId' | 'studentId' | 'employeeId' | 'bloodGroup' | 'roles' | 'status'>
> & {
  /** Older access tokens stop working (roles changed, user disabled). */
  bumpTokenVersion?: boolean;
};

/** An administrator's change to a user inside `tx`; a taken email, student or employee ID is a 409. Call `userChanged` after commit. */
export async function changeUser(ctx: AppContext, id: string, change: UserChange, tx: Executor): Promise<UserRecord> {
  const row = await uniqueUserKeys(() => repo.updateUser(tx, id, change));
  if (!row) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  return row;
}

/**
 * Locks the user's row for the rest of the transaction `tx`, so one user's changes (e.g. borrows)
 * run one at a time. True when the user exists and is active.
 */
export const lockActiveUser = async (ctx: AppContext, id: string, tx: Executor): Promise<boolean> => (await repo.lockUser(tx, id)) === 'active';

/** Every process forgets its cached copy of the user (call after the change has committed). */
export const userChanged = (ctx: AppContext, id: string): Promise<void> => userCache(ctx).invalidate(id);

// The one student record (decision 0036): Academics keeps the names on the users table in step ---
/** Every person of the department shows its new name; the ids changed (call `usersChanged` after commit). */
export const departmentRenamed = (ctx: AppContext, departmentId: string, name: string, tx: Executor): Promise<string[]> => repo.renameDepartment(tx, departmentId, name);
/** Every student of the home section shows its name and department (a section changed in Academics); the ids changed. */
export const sectionRenamed = (ctx: AppContext, sectionId: string, s: { name: string; departmentId: string; department: string }, tx: Executor): Promise<string[]> => repo.renameSection(tx, sectionId, s);
/** The students (all, or those of `studentIds`) whose home section is `sectionId` have none any more; the ids changed. */
export const sectionLeft = (ctx: AppContext, sectionId: string, studentIds: readonly string[] | undefined, tx: Executor): Promise<string[]> => repo.clearSection(tx, sectionId, studentIds);
/**
 * Students of `studentIds` without a section, of its department or of none, get `section` as theirs
 * (and its department): an enrolment made in Academics shows in People. The ids changed.
 */
export const sectionJoined = (ctx: AppContext, studentIds: readonly string[], section: { id: string; name: string; departmentId: string; department: string }, tx: Executor): Promise<string[]> =>
  repo.adoptSection(tx, studentIds, section);
/** People without a department whose text names one of `list` (name or code, any case) get it; the ids changed. */
export const linkDepartments = (ctx: AppContext, list: ReadonlyArray<{ id: string; code: string; name: string }>, tx: Executor): Promise<string[]> => repo.linkDepartments(tx, list);
/** The Students whose home section is one of `sectionIds`, with name, email, phone, student ID and that section (the semester rollover). */
export const studentsOfHomeSections = (ctx: AppContext, sectionIds: readonly string[], tx: Executor = ctx.db) => repo.studentsOfHomeSections(tx, sectionIds);
/** The rollover's promotion: the home section of `studentIds` becomes `section` (call `usersChanged` after the commit). */
export const moveHomeSection = (ctx: AppContext, studentIds: readonly string[], section: { id: string; name: string }, tx: Executor): Promise<void> => repo.moveHomeSection(tx, studentIds, section);
/** Name, email, phone and student ID of `ids`, by id (a graduate's alumni record). */
export async function contactsByIds(ctx: AppContext, ids: readonly string[], tx: Executor = ctx.db) {
  return new Map((await repo.contactsByIds(tx, [...new Set(ids)])).map((r) => [r.id, r]));
}
/** Every process forgets its cached copy of these users (call after the change has committed). */
export async function usersChanged(ctx: AppContext, ids: readonly string[]): Promise<void> {
  for (const id of new Set(ids)) await userCache(ctx).invalidate(id);
}

// Demo data (the seeding step and the academics seed) ---------------------------------------

/**
 * Demo users in bulk (the academics seed's ~200 students and its teachers): one argon2 hash of
 * DEMO_PASSWORD shared by all of them (demo users only; every real user gets its own salted
 * hash) and one INSERT, so a first start does not spend seconds hashing. Student numbers come from
 * the usual sequence, in input order.
 */
export async function insertDemoUsers(
  ctx: AppContext,
  role: Role,
  list: ReadonlyArray<{ name: string; email: string; department: string; phone: string | null; departmentId?: string | null; section?: string | null; sectionId?: string | null }>,
  tx: Executor = ctx.db,
) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return repo.insertUsersBulk(tx, role, list, passwordHash);
}

/**
 * Seeds the demo college's people on a database without users: the six demo users, more
 * users per role and two pending sign-ups, in one transaction. False when there were users.
 */
export async function seedDemoUsers(ctx: AppContext): Promise<boolean> {
  if ((await repo.countUsers(ctx.db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    for (const a of DEMO_ACCOUNTS) {
      await repo.insertUser(tx, { name: a.name, email: a.email, roles: [a.role], status: 'active', passwordHash, department: a.department, phone: a.phone });
    }
    for (const [name, role, department] of MORE_ACCOUNTS) {
      await repo.insertUser(tx, { name, email: demoEmailOf(name), roles: [role], status: 'active', passwordHash, department });
    }
    for (const [name, role, department] of PENDING_ACCOUNTS) {
      await repo.insertUser(tx, { name, email: demoEmailOf(name), roles: [role], status: 'pending', passwordHash, department });
    }
  });
  return true;
}
