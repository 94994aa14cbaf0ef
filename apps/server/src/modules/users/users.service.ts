import { MSG } from '@crs/shared/messages';
import { hasAnyRole, STUDENT_RECORD_READERS } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import type { User } from '@crs/shared/schemas/auth';
import { ACHIEVEMENTS_MAX } from '@crs/shared/schemas/profile';
import type { Achievement, AchievementInput } from '@crs/shared/schemas/profile';
import type { ListUsersQuery, Person, UserFilters } from '@crs/shared/schemas/users';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, uniqueViolation } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import { UUID } from '../../lib/patterns.ts';
import * as audit from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as achievementsRepo from './achievements.repository.ts';
import { presentAchievement, presentPerson, presentUser } from './users.presenter.ts';
import * as repo from './users.repository.ts';
import type { Account, NewUser } from './users.repository.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmailOf, MORE_ACCOUNTS, PENDING_ACCOUNTS } from './users.seed.ts';

// The users module owns accounts (the users table). Other modules read and change accounts only
// through the functions below; `tx` parameters let them do so inside their own transaction.

export type { Account } from './users.repository.ts';
export { presentPerson, presentUser };
export { demoEmailOf };

const accounts = (ctx: AppContext) => ctx.caches.of<Account>('user');

/** Unique violations on the users table can only be the email (student IDs come from a sequence). */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/** Unique violations of an administrator's write as the 409 that names the field. */
async function uniquePersonKeys<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    if (constraint === 'users_student_id_key') throw conflict(MSG.studentIdTaken, 'STUDENT_ID_TAKEN');
    if (constraint === 'users_employee_id_key') throw conflict(MSG.employeeIdTaken, 'EMPLOYEE_ID_TAKEN');
    throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
  }
}

/** The account if it is in the cache now, else undefined (no query): the synchronous hot path of authentication. */
export const cachedAccount = (ctx: AppContext, id: string): Account | undefined => accounts(ctx).get(id);

/** The account for a signed-in request, from the cache when fresh; undefined when there is none. */

export async function getAccount(ctx: AppContext, id: string): Promise<Account | undefined> {
  const cache = accounts(ctx);
  const hit = cache.get(id);
  if (hit) return hit;
  const epoch = cache.epoch;
  const account = await repo.findUserById(ctx.db, id);
  if (account) cache.set(id, account, epoch);
  return account;
}

/** The account as stored now (never cached); pass `tx` inside a transaction. */
export const findAccount = (ctx: AppContext, id: string, tx: Executor = ctx.db): Promise<Account | undefined> => repo.findUserById(tx, id);

/** The account with its password hash, for sign-in and password reset only. */
export const findCredentials = (ctx: AppContext, email: string, tx: Executor = ctx.db): Promise<UserRow | undefined> =>
  repo.findUserByEmail(tx, email);

/** The id of the account with this email, if there is one (no password hash leaves the module). */
export const accountIdByEmail = async (ctx: AppContext, email: string): Promise<string | undefined> => (await repo.findUserByEmail(ctx.db, email))?.id;

/** Inserts an account (Students get the next student number); a taken email is a 409 and adds nothing. */
export const insertAccount = (ctx: AppContext, input: NewUser, tx: Executor = ctx.db): Promise<Account> =>
  uniqueEmail(() => repo.insertUser(tx, input));

/** Changes name, email or bio (never roles, status or password); a taken email is a 409. */
export async function updateProfile(ctx: AppContext, id: string, patch: { name?: string | undefined; email?: string | undefined; bio?: string | undefined }): Promise<User> {
  const user = await uniqueEmail(() => repo.updateUser(ctx.db, id, patch));
  if (!user) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  await accounts(ctx).invalidate(id);
  return presentUser(user);
}

/** Sets the address of the profile picture (null: none, the initials show). */
export async function setAvatar(ctx: AppContext, id: string, avatar: string | null): Promise<User> {
  const user = await repo.updateUser(ctx.db, id, { avatar });
  if (!user) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  await accounts(ctx).invalidate(id);
  return presentUser(user);
}

// Achievements: each person keeps their own list (the teacher's profile page).

export const listAchievements = async (ctx: AppContext, userId: string): Promise<Achievement[]> =>
  (await achievementsRepo.listAchievements(ctx.db, userId)).map(presentAchievement);

const achievementFields = (input: AchievementInput) => ({ title: input.title, year: input.year, description: input.description || null });

export async function addAchievement(ctx: AppContext, userId: string, input: AchievementInput): Promise<Achievement> {
  return ctx.db.transaction(async (tx) => {
    // One person's additions are serialised on their account row, so the cap holds under races.
    await repo.lockUser(tx, userId);
    if ((await achievementsRepo.countAchievements(tx, userId)) >= ACHIEVEMENTS_MAX) throw conflict(MSG.tooManyAchievements, 'TOO_MANY_ACHIEVEMENTS');
    return presentAchievement(await achievementsRepo.insertAchievement(tx, userId, achievementFields(input)));
  });
}

export async function updateAchievement(ctx: AppContext, userId: string, id: string, input: AchievementInput): Promise<Achievement> {
  const row = await achievementsRepo.updateAchievement(ctx.db, userId, id, achievementFields(input));
  if (!row) throw notFound(MSG.achievementNotFound, 'ACHIEVEMENT_NOT_FOUND');
  return presentAchievement(row);
}

export async function deleteAchievement(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await achievementsRepo.deleteAchievement(ctx.db, userId, id))) throw notFound(MSG.achievementNotFound, 'ACHIEVEMENT_NOT_FOUND');
}

/**
 * Sets a new password hash and bumps the token version, so older access tokens stop working.
 * Inside a transaction: call `accountChanged` once it has committed.
 */
export async function setPassword(ctx: AppContext, id: string, passwordHash: string, tx: Executor = ctx.db): Promise<void> {
  await repo.updateUser(tx, id, { passwordHash, bumpTokenVersion: true });
}

/** Every process forgets its cached copy of the account (call after the change has committed). */
export const accountChanged = (ctx: AppContext, id: string): Promise<void> => accounts(ctx).invalidate(id);

/** A page of accounts, newest first, with the total that matches the filter (the people pages). */
export async function listAccounts(ctx: AppContext, q: ListUsersQuery): Promise<{ users: Person[]; total: number }> {
  const { rows, total } = await repo.listUsers(ctx.db, q);
  return { users: rows.map(presentPerson), total };
}

/** Every account that matches the filter, by name, at most `limit` (the export). */
export const accountsMatching = (ctx: AppContext, f: UserFilters, limit: number): Promise<Account[]> => repo.allUsers(ctx.db, f, limit);

/** The departments people are in, by name (the lists' filter). */
export const departmentsInUse = (ctx: AppContext): Promise<string[]> => repo.distinctDepartments(ctx.db);

/**
 * Locks the active SuperAdmins' rows for the rest of `tx` and returns their ids. Take this lock
 * before `lockAccountForChange`, always in that order, so two changes never wait on each other.
 */
export const lockActiveSuperAdmins = (ctx: AppContext, tx: Executor): Promise<string[]> => repo.lockActiveSuperAdmins(tx);

/** Locks one account's row for the rest of `tx`; the account, or undefined when there is none. */
export const lockAccountForChange = (ctx: AppContext, id: string, tx: Executor): Promise<Account | undefined> => repo.lockAccount(tx, id);

export type AccountChange = Partial<
  Pick<Account, 'name' | 'email' | 'phone' | 'department' | 'departmentId' | 'section' | 'sectionId' | 'studentId' | 'employeeId' | 'bloodGroup' | 'roles' | 'status'>
> & {
  /** Older access tokens stop working (roles changed, account disabled). */
  bumpTokenVersion?: boolean;
};

/** An administrator's change to an account inside `tx`; a taken email, student or employee ID is a 409. Call `accountChanged` after commit. */
export async function changeAccount(ctx: AppContext, id: string, change: AccountChange, tx: Executor): Promise<Account> {
  const row = await uniquePersonKeys(() => repo.updateUser(tx, id, change));
  if (!row) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  return row;
}

/** Inserts one account made by an administrator (taken email, student or employee ID: 409). */
export const insertPerson = (ctx: AppContext, input: NewUser, tx: Executor = ctx.db): Promise<Account> => uniquePersonKeys(() => repo.insertUser(tx, input));

/** Inserts an import's accounts in one statement; emails stored meanwhile are skipped. The inserted accounts. */
export const insertPeople = (ctx: AppContext, list: readonly NewUser[], tx: Executor): Promise<Account[]> => uniquePersonKeys(() => repo.insertUsersSkippingTaken(tx, list));

/** The stored emails among `emails` (lower-cased). */
export const storedEmails = (ctx: AppContext, emails: readonly string[]): Promise<Set<string>> => repo.existingEmails(ctx.db, emails);

export type { NewUser } from './users.repository.ts';

/** Makes a pending sign-up active. Only a pending account can be approved. `by`: who approves (the audit log). */
export async function approveAccount(ctx: AppContext, id: string, by: AuditActor): Promise<User> {
  const user = await ctx.db.transaction(async (tx) => {
    const row = await repo.activatePending(tx, id);
    if (!row) throw notFound(MSG.noPendingAccount, 'NO_PENDING_ACCOUNT');
    await audit.record(ctx, by, { action: 'user.approved', target: { type: 'user', id, label: row.email }, changes: { status: { from: 'pending', to: 'active' } } }, tx);
    return row;
  });
  await accountChanged(ctx, id);
  return presentUser(user);
}

/** Rejects a pending sign-up: the account is deleted, so the address can sign up again. */
export async function rejectAccount(ctx: AppContext, by: AuditActor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteUser(tx, id, 'pending');
    if (!gone) throw notFound(MSG.noPendingAccount, 'NO_PENDING_ACCOUNT');
    await audit.record(ctx, by, { action: 'user.rejected', target: { type: 'user', id, label: gone.email }, details: { name: gone.name, roles: gone.roles } }, tx);
  });
  await accountChanged(ctx, id);
}

/** Approves a pending sign-up by email (CLI); an active account is left as it is. */
export async function approveByEmail(ctx: AppContext, by: AuditActor, email: string): Promise<{ user: User; changed: boolean }> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) throw notFound(MSG.noAccountWithEmail(email), 'NO_ACCOUNT');
  if (user.status === 'active') return { user: presentUser(user), changed: false };
  // Approval is for sign-ups only: a disabled account stays disabled.
  if (user.status !== 'pending') throw conflict(MSG.accountNotPending(user.email, user.status), 'NOT_PENDING');
  return { user: await approveAccount(ctx, user.id, by), changed: true };
}

/**
 * Creates an active account with any role (CLI, SuperAdmin). Without a password a random one is
 * generated and returned once.
 */
export async function createAccount(ctx: AppContext, by: AuditActor, input: { email: string; name: string; roles: Role[]; password?: string | undefined; phone?: string; department?: string }) {
  const password = input.password ?? randomToken().slice(0, 16);
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const made = await insertAccount(ctx, { name: input.name, email: input.email, phone: input.phone ?? null, department: input.department ?? null, roles: input.roles, status: 'active', passwordHash }, tx);
    await audit.record(ctx, by, { action: 'user.created', target: { type: 'user', id: made.id, label: made.email }, details: { roles: made.roles } }, tx);
    return made;
  });
  return { user: presentUser(user), password: input.password ? undefined : password };
}

/** Active accounts per role (a user counts once per role held), pending sign-ups, all accounts. */
export const accountCounts = (ctx: AppContext) => repo.accountCounts(ctx.db);

// Members as other modules (the library) see them.

/** Active accounts holding `role` (id, email, department), by email. */
export const activeAccountsWithRole = (ctx: AppContext, role: Role, tx: Executor = ctx.db) => repo.activeUsersWithRole(tx, role);

/** Name, email and student ID of each account in `ids`, by id (unknown ids are absent). */
export async function memberCards(ctx: AppContext, ids: readonly string[], tx: Executor = ctx.db) {
  const rows = await repo.findUsersByIds(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Active accounts whose name, email or student ID contains `q`, by name, at most `limit`. */
export const findActiveMembers = (ctx: AppContext, q: string, limit: number) => repo.searchActiveUsers(ctx.db, q, limit);

/**
 * Locks the member's account row for the rest of the transaction `tx`, so one member's changes
 * (e.g. borrows) run one at a time. True when the account exists and is active.
 */
export const lockActiveMember = async (ctx: AppContext, id: string, tx: Executor): Promise<boolean> => (await repo.lockUser(tx, id)) === 'active';

// People as the academics module sees them (roster lines, role checks, import references).

export type { PersonRow } from './users.repository.ts';
/** The accounts of `ids` with roles and status, by id (unknown ids are absent). */
export async function peopleByIds(ctx: AppContext, ids: readonly string[], tx: Executor = ctx.db) {
  const rows = await repo.findPeopleByIds(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}
/** The accounts referenced by email or student ID (any case), keyed by the lower-cased email and student ID. */
export async function peopleByRefs(ctx: AppContext, refs: readonly string[], tx: Executor = ctx.db) {
  const rows = await repo.findPeopleByRefs(tx, refs);
  const map = new Map<string, repo.PersonRow>();
  for (const r of rows) {
    map.set(r.email.toLowerCase(), r);
    if (r.studentId) map.set(r.studentId.toLowerCase(), r);
  }
  return map;
}

/** Whether `ref` (account id, student ID or email, any case) names `account`. */
function refersTo(account: Pick<Account, 'id' | 'email' | 'studentId'>, ref: string): boolean {
  const r = ref.trim().toLowerCase();
  return account.id === ref.trim() || account.email.toLowerCase() === r || account.studentId?.toLowerCase() === r;
}

/** The Student that `ref` names (account id, student ID as on ID cards, or email; any case); 404 STUDENT_NOT_FOUND unless an account with the Student role. */
export async function findStudent(ctx: AppContext, ref: string, tx: Executor = ctx.db): Promise<Account> {
  const key = ref.trim();
  let id: string | undefined = UUID.test(key) ? key : undefined;
  if (!id) id = (await peopleByRefs(ctx, [key], tx)).get(key.toLowerCase())?.id;
  const account = id ? await repo.findUserById(tx, id) : undefined;
  if (!account || !account.roles.includes('Student')) throw notFound(MSG.studentNotFound, 'STUDENT_NOT_FOUND');
  return account;
}

/**
 * The Student `ref` names, for `reader` by the ID-card rule (decision 0027): Teacher, Admin and
 * SuperAdmin read any student's record; anyone else only their own — refused with `refusal` before
 * any lookup, so a student cannot probe which other student IDs exist. Never returns a non-Student.
 */
export async function studentReadableBy(ctx: AppContext, reader: Pick<Account, 'id' | 'email' | 'studentId' | 'roles'>, ref: string, refusal: () => Error, tx: Executor = ctx.db): Promise<Account> {
  if (!hasAnyRole(reader.roles, STUDENT_RECORD_READERS) && !refersTo(reader, ref)) throw refusal();
  return findStudent(ctx, ref, tx);
}

/**
 * Demo accounts in bulk (the academics seed's ~200 students and its teachers): one argon2 hash of
 * DEMO_PASSWORD shared by all of them (demo accounts only; every real account gets its own salted
 * hash) and one INSERT, so a first start does not spend seconds hashing. Student numbers come from
 * the usual sequence, in input order.
 */
export async function insertDemoAccounts(
  ctx: AppContext,
  role: Role,
  list: ReadonlyArray<{ name: string; email: string; department: string; phone: string | null; departmentId?: string | null; section?: string | null; sectionId?: string | null }>,
  tx: Executor = ctx.db,
) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return repo.insertAccountsBulk(tx, role, list, passwordHash);
}

/**
 * Seeds the demo college's people on a database without accounts: the six demo accounts, more
 * users per role and two pending sign-ups, in one transaction. False when there were accounts.
 */
export async function seedDemoAccounts(ctx: AppContext): Promise<boolean> {
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

// The one student record (decision 0036): Academics keeps the names on the users table in step ---

/** Every person of the department shows its new name; the ids changed (call `accountsChanged` after commit). */
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
/** Every process forgets its cached copy of these accounts (after commit). */
export async function accountsChanged(ctx: AppContext, ids: readonly string[]): Promise<void> {
  for (const id of new Set(ids)) await accounts(ctx).invalidate(id);
}
/** People whose department or section is legacy free text no Academics record matched, by name (at most `limit`), and how many there are. */
export const unmatchedPeople = (ctx: AppContext, limit: number) => repo.unmatchedPeople(ctx.db, limit);
