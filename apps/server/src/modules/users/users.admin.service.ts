import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { grantableRoles, PRIVILEGED_ROLES } from '@crs/shared/schemas/users';
import type { CreateUserInput, ExportUsersQuery, ListUsersQuery, AdminUser, UnmatchedUser, UpdateUserInput } from '@crs/shared/schemas/users';
import type { User } from '@crs/shared/schemas/auth';
import { toCsv } from '@crs/shared/csv';
import type { CsvCell } from '@crs/shared/csv';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import { importFile } from '../../lib/import/pipeline.ts';
import type { ImportOutcome, ImportStore } from '../../lib/import/pipeline.ts';
import { xlsxOf } from '../../lib/spreadsheet.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as enrolment from '../academics/academics.enrolment.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as auth from '../auth/auth.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { userImport } from './users.import.ts';
import type { PlacedImportRow } from './users.import.ts';
import { presentPerson, presentUser } from './users.presenter.ts';
import * as repo from './users.repository.ts';
import type { UserRecord } from './users.repository.ts';
import * as users from './users.service.ts';
import { uniqueUserKeys } from './users.unique.ts';

// User administration under /users (issue 14, decision 0029; the spec's People pages): Admin
// manages Students, Teachers, Staff and Librarians; only a SuperAdmin grants or removes Admin or
// SuperAdmin or changes such a user; the last active SuperAdmin is never disabled or demoted;
// nobody disables themselves. Sign-up approval and the CLI's user commands are here too. Sessions
// and password links are the auth module's: this service sits above auth, which reads users
// through users.service.ts (so the files import one way: admin → auth → users.service).

const isSuperAdmin = (p: Principal) => p.user.roles.includes('SuperAdmin');
/** A user as the audit log names them. */
const asTarget = (a: Pick<UserRecord, 'id' | 'email'>) => ({ type: 'user', id: a.id, label: a.email });
/** The fields whose before and after a user change records (never a secret). */
const AUDITED_FIELDS = ['name', 'email', 'phone', 'department', 'section', 'studentId', 'employeeId', 'bloodGroup'] as const;
const holdsPrivileged = (roles: readonly Role[]) => roles.some((r) => PRIVILEGED_ROLES.includes(r));

/** An Admin may not touch an Admin's or SuperAdmin's user (403). */
function assertMayManage(p: Principal, target: UserRecord) {
  if (!isSuperAdmin(p) && holdsPrivileged(target.roles)) throw forbidden(MSG.onlySuperAdminManagesAdmins, 'SUPERADMIN_ONLY');
}

/** Only a SuperAdmin grants or removes Admin or SuperAdmin (403). */
function assertMayGrant(p: Principal, before: readonly Role[], after: readonly Role[]) {
  const grantable = grantableRoles(p.user.roles);
  const changed = [...new Set([...before, ...after])].filter((r) => before.includes(r) !== after.includes(r));
  if (changed.some((r) => !grantable.includes(r))) throw forbidden(MSG.onlySuperAdminGrantsAdmin, 'SUPERADMIN_ONLY');
}

const fieldError = (path: string, message: string, code: string) => badRequest(message, code, [{ path, message }]);

/** Where a user is in the college as their record keeps it (decision 0036). */
type Placement = Pick<UserRecord, 'departmentId' | 'department' | 'sectionId' | 'section'>;
const NOWHERE: Placement = { departmentId: null, department: null, sectionId: null, section: null };

/**
 * The department and section a user will have, checked against Academics inside `tx` (400
 * naming the field): ids must exist; only a Student has a section; the section's department is
 * the user's (it sets it when none was chosen with it, and refuses another one). A field not in
 * `input` keeps `current` (a legacy unmatched text stays as it was); a user who stops being a
 * Student loses their section.
 */
async function placementOf(ctx: AppContext, input: { departmentId?: string | null | undefined; sectionId?: string | null | undefined }, current: Placement, roles: readonly Role[], tx: Executor): Promise<Placement> {
  const out: Placement = { departmentId: current.departmentId, department: current.department, sectionId: current.sectionId, section: current.section };
  if (input.departmentId !== undefined) {
    const d = input.departmentId === null ? undefined : (await academics.departmentsByIds(ctx, [input.departmentId], tx))[0];
    if (input.departmentId !== null && !d) throw fieldError('departmentId', MSG.departmentNotFound, 'DEPARTMENT_NOT_FOUND');
    Object.assign(out, { departmentId: d?.id ?? null, department: d?.name ?? null });
  }
  const student = roles.includes('Student');
  if (input.sectionId !== undefined && input.sectionId !== null && !student) throw fieldError('sectionId', MSG.sectionOnlyForStudents, 'SECTION_NOT_STUDENT');
  if (input.sectionId !== undefined || !student) {
    const s = !student || input.sectionId === null || input.sectionId === undefined ? undefined : (await academics.sectionsByIds(ctx, [input.sectionId], tx))[0];
    if (student && input.sectionId && !s) throw fieldError('sectionId', MSG.sectionNotFound, 'SECTION_NOT_FOUND');
    Object.assign(out, { sectionId: s?.id ?? null, section: s?.name ?? (student && input.sectionId === undefined ? current.section : null) });
    if (s && input.departmentId === undefined) Object.assign(out, { departmentId: s.departmentId, department: s.departmentName });
  }
  if (out.sectionId !== null) {
    const s = (await academics.sectionsByIds(ctx, [out.sectionId], tx))[0]!;
    if (out.departmentId !== s.departmentId) throw fieldError('sectionId', MSG.sectionNotInDepartment(s.name, out.department ?? ''), 'SECTION_OTHER_DEPARTMENT');
  }
  return out;
}

/** A page of users, newest first, with the total that matches the filter. */
async function listPage(ctx: AppContext, q: ListUsersQuery): Promise<{ users: AdminUser[]; total: number }> {
  const { rows, total } = await repo.listUsers(ctx.db, q);
  return { users: rows.map(presentPerson), total };
}

/** Inserts one user made by an administrator (taken email, student or employee ID: 409). */
const insertManaged = (ctx: AppContext, input: repo.NewUser, tx: Executor): Promise<UserRecord> => uniqueUserKeys(() => repo.insertUser(tx, input));

/** Inserts an import's users in one statement; emails stored meanwhile are skipped. The inserted users. */
const insertImported = (ctx: AppContext, list: readonly repo.NewUser[], tx: Executor): Promise<UserRecord[]> => uniqueUserKeys(() => repo.insertUsersSkippingTaken(tx, list));

/** The user, or 404. */
async function found(ctx: AppContext, id: string): Promise<UserRecord> {
  const account = await users.findUser(ctx, id);
  if (!account) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  return account;
}

/** The last active SuperAdmin stays (409): `remaining` is whether `target` would still be one after the change. */
function assertSuperAdminRemains(superAdmins: readonly string[], target: UserRecord, remaining: boolean) {
  const isActiveSuper = target.status === 'active' && target.roles.includes('SuperAdmin');
  if (isActiveSuper && !remaining && superAdmins.length <= 1) throw conflict(MSG.lastSuperAdmin, 'LAST_SUPERADMIN');
}

/** A page of users, newest first, with the total that matches the filter (the People pages). */
export const listUsers = (ctx: AppContext, q: ListUsersQuery) => listPage(ctx, q);

/** The departments users are in, by name (the lists' filter). */
export const departments = (ctx: AppContext) => repo.distinctDepartments(ctx.db);

export const UNMATCHED_MAX = 500;
/** Users whose legacy department or section text matched no Academics record (at most UNMATCHED_MAX for the pages, 'all' for the CLI; by name) and how many; each shows only the unmatched field. */
export async function unmatchedUsers(ctx: AppContext, limit: number | 'all' = UNMATCHED_MAX): Promise<{ users: UnmatchedUser[]; total: number }> {
  const { rows, total } = await repo.unmatchedUsers(ctx.db, limit);
  return {
    users: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      email: r.email,
      roles: r.roles,
      department: r.departmentId === null && r.department?.trim() ? r.department : null,
      section: r.sectionId === null && r.section?.trim() ? r.section : null,
    })),
    total,
  };
}

/** One user as the People pages show them, or 404 USER_NOT_FOUND. */
export async function managedUser(ctx: AppContext, id: string): Promise<AdminUser> {
  return presentPerson(await found(ctx, id));
}

/** Creates an active user and mails them a link to set their password. */
export async function createUser(ctx: AppContext, p: Principal, input: CreateUserInput): Promise<AdminUser> {
  assertMayGrant(p, [], input.roles);
  if (input.studentId && !input.roles.includes('Student')) throw badRequest(MSG.studentIdOnlyForStudents, 'STUDENT_ID_NOT_STUDENT');
  // Nobody knows this password: the user chooses theirs through the mailed link.
  const passwordHash = await hashPassword(randomToken());
  const { departmentId, sectionId, department: _d, section: _s, ...fields } = input;
  const account = await ctx.db.transaction(async (tx) => {
    const placement = await placementOf(ctx, { departmentId, sectionId }, NOWHERE, input.roles, tx);
    const made = await insertManaged(ctx, { ...fields, ...placement, status: 'active', passwordHash }, tx);
    await audit.record(ctx, p, { action: 'user.created', target: asTarget(made), details: { roles: made.roles } }, tx);
    // The section is the enrolment: on the roster, in the timetable at first sign-in (decision 0036).
    await enrolment.moveStudent(ctx, p, made, null, made.sectionId, 'people', tx);
    return made;
  });
  await auth.mailPasswordLink(ctx, account, 'welcome');
  return presentPerson(account);
}

/** Changes the user's fields and roles under the rules above, in one transaction. */
export async function updateUser(ctx: AppContext, p: Principal, id: string, patch: UpdateUserInput): Promise<AdminUser> {
  const account = await ctx.db.transaction(async (tx) => {
    const superAdmins = await repo.lockActiveSuperAdmins(tx);
    const target = await repo.lockUserForChange(tx, id);
    if (!target) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
    assertMayManage(p, target);
    const roles = patch.roles;
    const rolesChange = roles !== undefined && (roles.length !== target.roles.length || roles.some((r) => !target.roles.includes(r)));
    if (rolesChange) {
      assertMayGrant(p, target.roles, roles);
      assertSuperAdminRemains(superAdmins, target, roles.includes('SuperAdmin'));
    }
    const finalRoles = roles ?? target.roles;
    if (patch.studentId && !finalRoles.includes('Student')) throw badRequest(MSG.studentIdOnlyForStudents, 'STUDENT_ID_NOT_STUDENT');
    const { roles: _roles, departmentId, sectionId, department: _d, section: _s, ...fields } = patch;
    const placement = await placementOf(ctx, { departmentId, sectionId }, target, finalRoles, tx);
    // Roles travel in the access token: a change makes older tokens stop working (decision 0004).
    const changed = await users.changeUser(ctx, id, { ...fields, ...placement, ...(rolesChange ? { roles, bumpTokenVersion: true } : {}) }, tx);
    // A new section is a move of the enrolment, in this transaction (decision 0036).
    await enrolment.moveStudent(ctx, p, changed, target.sectionId, changed.sectionId, 'people', tx);
    const changes = audit.changesOf(target, changed, AUDITED_FIELDS);
    if (Object.keys(changes).length > 0) await audit.record(ctx, p, { action: 'user.updated', target: asTarget(changed), changes }, tx);
    if (rolesChange) await audit.record(ctx, p, { action: 'user.roles_changed', target: asTarget(changed), changes: audit.changesOf(target, changed, ['roles']) }, tx);
    return changed;
  });
  await users.userChanged(ctx, id);
  return presentPerson(account);
}

/**
 * Disables an active user: their sessions end in the same transaction (refresh tokens refused)
 * and, once committed, every process forgets the cached user and sessions, so the live access
 * token is refused on its next request; sign-in answers MSG.accountDisabled.
 */
export async function disableUser(ctx: AppContext, p: Principal, id: string): Promise<AdminUser> {
  if (p.user.id === id) throw conflict(MSG.cannotDisableSelf, 'CANNOT_DISABLE_SELF');
  const { account, sessions } = await ctx.db.transaction(async (tx) => {
    const superAdmins = await repo.lockActiveSuperAdmins(tx);
    const target = await repo.lockUserForChange(tx, id);
    if (!target) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
    assertMayManage(p, target);
    if (target.status === 'disabled') throw conflict(MSG.userAlreadyDisabled, 'ALREADY_DISABLED');
    if (target.status === 'pending') throw conflict(MSG.userPendingUseApprove, 'ACCOUNT_PENDING');
    assertSuperAdminRemains(superAdmins, target, false);
    const changed = await users.changeUser(ctx, id, { status: 'disabled', bumpTokenVersion: true }, tx);
    const sessions = await auth.endUserSessions(ctx, id, tx);
    await audit.record(ctx, p, { action: 'user.disabled', target: asTarget(changed), changes: audit.changesOf(target, changed, ['status']), details: { sessionsEnded: sessions.length } }, tx);
    return { account: changed, sessions };
  });
  await users.userChanged(ctx, id);
  await auth.forgetSessions(ctx, sessions);
  return presentPerson(account);
}

/** Makes a disabled user active again (they sign in anew; their old sessions stay ended). */
export async function enableUser(ctx: AppContext, p: Principal, id: string): Promise<AdminUser> {
  const account = await ctx.db.transaction(async (tx) => {
    const target = await repo.lockUserForChange(tx, id);
    if (!target) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
    assertMayManage(p, target);
    if (target.status !== 'disabled') throw conflict(MSG.userNotDisabled, 'NOT_DISABLED');
    const changed = await users.changeUser(ctx, id, { status: 'active' }, tx);
    await audit.record(ctx, p, { action: 'user.enabled', target: asTarget(changed), changes: audit.changesOf(target, changed, ['status']) }, tx);
    return changed;
  });
  await users.userChanged(ctx, id);
  return presentPerson(account);
}

/** Mails an active user a password reset link (the reset mechanism of /auth/reset). */
export async function sendResetLink(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const target = await found(ctx, id);
  assertMayManage(p, target);
  if (target.status === 'pending') throw conflict(MSG.userPendingUseApprove, 'ACCOUNT_PENDING');
  if (target.status === 'disabled') throw conflict(MSG.userDisabledEnableFirst, 'ACCOUNT_DISABLED');
  await auth.mailPasswordLink(ctx, target, 'reset');
  await audit.record(ctx, p, { action: 'user.reset_link_sent', target: asTarget(target) });
}

// Sign-up approval and the command line ----------------------------------------------------

/** Makes a pending sign-up active. Only a pending user can be approved. `by`: who approves (the audit log). */
export async function approveSignUp(ctx: AppContext, id: string, by: AuditActor): Promise<User> {
  const user = await ctx.db.transaction(async (tx) => {
    const row = await repo.activatePending(tx, id);
    if (!row) throw notFound(MSG.noPendingAccount, 'NO_PENDING_ACCOUNT');
    await audit.record(ctx, by, { action: 'user.approved', target: { type: 'user', id, label: row.email }, changes: { status: { from: 'pending', to: 'active' } } }, tx);
    return row;
  });
  await users.userChanged(ctx, id);
  return presentUser(user);
}

/** Rejects a pending sign-up: the user is deleted, so the address can sign up again. */
export async function rejectSignUp(ctx: AppContext, by: AuditActor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteUser(tx, id, 'pending');
    if (!gone) throw notFound(MSG.noPendingAccount, 'NO_PENDING_ACCOUNT');
    await audit.record(ctx, by, { action: 'user.rejected', target: { type: 'user', id, label: gone.email }, details: { name: gone.name, roles: gone.roles } }, tx);
  });
  await users.userChanged(ctx, id);
}

/** Approves a pending sign-up by email (CLI); an active user is left as it is. */
export async function approveByEmail(ctx: AppContext, by: AuditActor, email: string): Promise<{ user: User; changed: boolean }> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) throw notFound(MSG.noAccountWithEmail(email), 'NO_ACCOUNT');
  if (user.status === 'active') return { user: presentUser(user), changed: false };
  // Approval is for sign-ups only: a disabled user stays disabled.
  if (user.status !== 'pending') throw conflict(MSG.accountNotPending(user.email, user.status), 'NOT_PENDING');
  return { user: await approveSignUp(ctx, user.id, by), changed: true };
}

/**
 * Creates an active user with any role (CLI, SuperAdmin). Without a password a random one is
 * generated and returned once.
 */
export async function createUserWithPassword(ctx: AppContext, by: AuditActor, input: { email: string; name: string; roles: Role[]; password?: string | undefined; phone?: string; department?: string }) {
  const password = input.password ?? randomToken().slice(0, 16);
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const made = await users.insertUser(ctx, { name: input.name, email: input.email, phone: input.phone ?? null, department: input.department ?? null, roles: input.roles, status: 'active', passwordHash }, tx);
    await audit.record(ctx, by, { action: 'user.created', target: { type: 'user', id: made.id, label: made.email }, details: { roles: made.roles } }, tx);
    return made;
  });
  return { user: presentUser(user), password: input.password ? undefined : password };
}

// Import and export ---------------------------------------------------------------------------

/**
 * Bulk creation from a spreadsheet (decision 0016): preview with ?dryRun=true, row errors, all
 * rows or none in one transaction, idempotent on email. Each user created is mailed a link to
 * set their password once the import has committed.
 */
export async function importUsers(ctx: AppContext, p: Principal, upload: ImportUpload, dryRun: boolean): Promise<ImportOutcome> {
  let created: UserRecord[] = [];
  const outcome = await importFile<PlacedImportRow>(upload, { dryRun, maxRows: ctx.config.importMaxRows }, async (table) => {
    // Every cell that could be a student ID, looked up once: which user holds it now.
    const cells = [...new Set(table.flat().map((c) => c.trim()).filter(Boolean))].slice(0, 100_000);
    const owners = new Map<string, string>();
    for (const person of (await users.usersByRefs(ctx, cells)).values()) if (person.studentId) owners.set(person.studentId.toUpperCase(), person.email);
    const spec = userImport(p.user.roles, owners, { departments: await academics.allDepartments(ctx), sections: await academics.allSections(ctx) });
    const store: ImportStore<PlacedImportRow> = {
      existing: (emails) => repo.existingEmails(ctx.db, emails),
      write: async (rows) => {
        // One unknown password hash for the batch: nobody can sign in with it; each user sets theirs through the link.
        const passwordHash = await hashPassword(randomToken());
        created = await ctx.db.transaction(async (tx) => {
          const inserted = await insertImported(
            ctx,
            rows.map((r) => ({
              name: r.name,
              email: r.email,
              roles: [r.role],
              department: r.department,
              departmentId: r.departmentId,
              phone: r.phone ?? null,
              section: r.section ?? null,
              sectionId: r.sectionId,
              studentId: r.studentId ?? null,
              status: 'active',
              passwordHash,
            })),
            tx,
          );
          await audit.record(ctx, p, { action: 'users.imported', details: { created: inserted.length, rows: rows.length, file: upload.filename } }, tx);
          // Each student's section is their enrolment, in the import's transaction (decision 0036).
          await enrolment.enrolImported(
            ctx,
            p,
            inserted.flatMap((a) => (a.sectionId ? [{ id: a.id, email: a.email, sectionId: a.sectionId }] : [])),
            tx,
          );
          return inserted;
        });
        return { created: created.length, updated: 0 };
      },
    };
    return { spec, store };
  });
  for (const account of created) await auth.mailPasswordLink(ctx, account, 'welcome');
  return outcome;
}

export const EXPORT_MAX_ROWS = 50_000;
const EXPORT_HEADER = ['Name', 'Email', 'Roles', 'Status', 'Department', 'Section', 'Student ID', 'Employee ID', 'Phone', 'Blood Group', 'Created'];

/** The users that match the filters as .xlsx or CSV (formula-looking cells made inert). */
export async function exportUsers(ctx: AppContext, p: Principal, q: ExportUsersQuery): Promise<Buffer | string> {
  const { format, ...filters } = q;
  const list = await repo.allUsers(ctx.db, filters, EXPORT_MAX_ROWS);
  await audit.record(ctx, p, { action: 'users.exported', details: { filters, format, rows: list.length } });
  const rows: CsvCell[][] = [
    EXPORT_HEADER,
    ...list.map((u) => [u.name, u.email, u.roles.join(', '), u.status, u.department, u.section, u.studentId, u.employeeId, u.phone, u.bloodGroup, collegeClock(ctx.config.timeZone, u.createdAt).date]),
  ];
  return format === 'csv' ? toCsv(rows) : xlsxOf(rows, 'People');
}
