import { randomInt } from 'node:crypto';
import { MSG } from '@crs/shared/messages';
import { ADMINS, hasAnyRole } from '@crs/shared/roles';
import { GUARDIAN_CODE_DAYS } from '@crs/shared/schemas/guardians';
import type { Child, ChildrenList, GuardianCode, GuardiansList, LinkGuardianBody } from '@crs/shared/schemas/guardians';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { importFile } from '../../lib/import/pipeline.ts';
import type { ImportOutcome } from '../../lib/import/pipeline.ts';
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as audit from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as users from '../users/users.service.ts';
import type { UserRecord } from '../users/users.service.ts';
import { guardianImport } from './guardians.import.ts';
import type { GuardianImportRow } from './guardians.import.ts';
import { presentChild, presentGuardian } from './guardians.presenter.ts';
import * as repo from './guardians.repository.ts';

// Guardians (issue 30 item 3, decision 0052): a parent or guardian account (role Guardian) linked to
// one or more students, reading each child through the student endpoints that already exist with
// the answers an Admin gets. This module owns the links and the one-time link codes; the other
// modules ask it one question (`childReadableBy`, `isGuardianOf`) and reminders ask `guardiansOf`.

/** Letters and digits a person reads off a screen without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

/** A new link code, `ABCDE-FGHJK`: 10 characters of 31, about 49 bits — with 7 days and throttled attempts, not guessable. */
function newCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** What is stored of a code: the SHA-256 of its characters, upper-cased, dashes and spaces dropped (so `abcde fghjk` works too). */
const codeHash = (code: string) => sha256(code.toUpperCase().replace(/[\s-]/g, ''));

const invalidCode = () => badRequest(MSG.guardianCodeInvalid, 'GUARDIAN_CODE_INVALID', [{ path: 'guardianCode', message: MSG.guardianCodeInvalid }]);
const isGuardian = (roles: readonly string[]) => roles.includes('Guardian');
const isAdmin = (p: Principal) => hasAnyRole(p.user.roles, ADMINS);

/**
 * POST /students/{id}/guardian-codes: a one-time code for the student (the student themself or an
 * Admin; anyone else 403). Only its hash is stored; it works for 7 days, once. Audited.
 */
export async function createCode(ctx: AppContext, p: Principal, ref: string): Promise<GuardianCode> {
  const student = await users.studentReadableBy(ctx, p.user, ref, () => forbidden(MSG.guardianCodeOwnOnly, 'NOT_YOUR_STUDENT'));
  if (student.id !== p.user.id && !isAdmin(p)) throw forbidden(MSG.guardianCodeOwnOnly, 'NOT_YOUR_STUDENT');
  const code = newCode();
  const expiresAt = new Date(Date.now() + GUARDIAN_CODE_DAYS * 86_400_000);
  await ctx.db.transaction(async (tx) => {
    await repo.insertCode(tx, { codeHash: codeHash(code), studentId: student.id, createdBy: p.user.id, expiresAt });
    await audit.record(ctx, p, { action: 'guardian.code_created', target: { type: 'user', id: student.id, label: student.email }, details: { expiresAt: expiresAt.toISOString() } }, tx);
  });
  return { code, expiresAt: expiresAt.toISOString() };
}

/** Whether a code would link a child now (sign-up asks before it makes the account); a 400 on `guardianCode` when not. */
export async function assertCodeLive(ctx: AppContext, code: string): Promise<void> {
  if (!(await repo.codeIsLive(ctx.db, codeHash(code)))) throw invalidCode();
}

/**
 * Uses `code` for `guardian` inside the caller's transaction and links the child: single use (one
 * conditional UPDATE), unexpired, else a 400 on `guardianCode` and nothing linked. Audited.
 */
export async function redeemCode(ctx: AppContext, by: AuditActor, guardian: Pick<UserRecord, 'id' | 'email' | 'name'>, code: string, tx: Executor): Promise<string> {
  const studentId = await repo.consumeCode(tx, codeHash(code), guardian.id);
  if (!studentId) throw invalidCode();
  await repo.insertLink(tx, { guardianId: guardian.id, studentId, relation: null });
  await audit.record(ctx, by, { action: 'guardian.linked', target: { type: 'guardian link', id: studentId, label: guardian.email }, details: { guardianId: guardian.id, by: 'code' } }, tx);
  return studentId;
}

async function childrenOf(ctx: AppContext, guardianId: string): Promise<Child[]> {
  const links = await repo.linksOfGuardian(ctx.db, guardianId);
  const people = await users.usersByIds(ctx, links.map((l) => l.studentId));
  return links.flatMap((l) => {
    const s = people.get(l.studentId);
    return s ? [presentChild(s, l)] : [];
  });
}

/** GET /guardians/me/children: the caller's linked students, oldest link first. */
export const myChildren = async (ctx: AppContext, p: Principal): Promise<ChildrenList> => ({ children: await childrenOf(ctx, p.user.id) });

/** POST /guardians/me/children: links another child by their code (a bad code: 400, the caller's attempts throttled by the route). */
export async function linkChild(ctx: AppContext, p: Principal, code: string): Promise<{ message: string; child: Child }> {
  const studentId = await ctx.db.transaction((tx) => redeemCode(ctx, p, p.user, code, tx));
  const child = (await childrenOf(ctx, p.user.id)).find((c) => c._id === studentId)!;
  return { message: MSG.guardianChildLinked, child };
}

/** GET /students/{id}/guardians (Admin): the guardians linked to the student. */
export async function guardiansOfStudent(ctx: AppContext, ref: string): Promise<GuardiansList> {
  const student = await users.findStudent(ctx, ref);
  const links = await repo.linksOfStudent(ctx.db, student.id);
  const people = await users.usersByIds(ctx, links.map((l) => l.guardianId));
  return { guardians: links.flatMap((l) => (people.has(l.guardianId) ? [presentGuardian(people.get(l.guardianId)!, l)] : [])) };
}

/** POST /students/{id}/guardians (Admin): links the guardian account of this email; 404 when no account with the Guardian role has it, 409 when linked already. Audited. */
export async function linkByEmail(ctx: AppContext, p: Principal, ref: string, body: LinkGuardianBody) {
  const student = await users.findStudent(ctx, ref);
  const guardian = (await users.usersByRefs(ctx, [body.email])).get(body.email.toLowerCase());
  if (!guardian || !isGuardian(guardian.roles)) throw notFound(MSG.guardianEmailNotGuardian, 'GUARDIAN_NOT_FOUND');
  const link = await ctx.db.transaction(async (tx) => {
    if (!(await repo.insertLink(tx, { guardianId: guardian.id, studentId: student.id, relation: body.relation || null }))) throw new AppError(409, 'GUARDIAN_ALREADY_LINKED', MSG.guardianAlreadyLinked);
    await audit.record(ctx, p, { action: 'guardian.linked', target: { type: 'guardian link', id: student.id, label: guardian.email }, details: { guardianId: guardian.id, studentId: student.studentId, by: 'admin' } }, tx);
    return (await repo.linksOfStudent(tx, student.id)).find((l) => l.guardianId === guardian.id)!;
  });
  return { message: MSG.guardianLinked, guardian: presentGuardian(guardian, link) };
}

/** DELETE /guardians/{guardianId}/children/{studentId} (Admin): removes the link; 404 when there is none. Audited. */
export async function unlink(ctx: AppContext, p: Principal, guardianId: string, studentId: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteLink(tx, guardianId, studentId))) throw notFound(MSG.guardianLinkNotFound, 'GUARDIAN_LINK_NOT_FOUND');
    await audit.record(ctx, p, { action: 'guardian.unlinked', target: { type: 'guardian link', id: studentId }, details: { guardianId, studentId } }, tx);
  });
  return { message: MSG.guardianUnlinked };
}

// For other modules ---------------------------------------------------------------------------

/** Whether `guardianId` is linked to `studentId` (one indexed lookup). */
export const isGuardianOf = (ctx: AppContext, guardianId: string, studentId: string, tx: Executor = ctx.db): Promise<boolean> => repo.isLinked(tx, guardianId, studentId);

/**
 * The Student `ref` names, for `reader`: a Guardian reads a linked child (and gets `refusal` for
 * any other student, existing or not, so a guardian cannot probe student IDs); anyone else by the
 * ID-card rule (users.studentReadableBy). Callers that check more for other roles (a teacher's
 * sections) let a reader through when `isGuardianOf` says so.
 */
export async function childReadableBy(ctx: AppContext, reader: Principal['user'], ref: string, refusal: () => Error, tx: Executor = ctx.db): Promise<UserRecord> {
  if (isGuardian(reader.roles)) {
    const student = await users.findStudent(ctx, ref, tx).catch(() => undefined);
    if (student && (await repo.isLinked(tx, reader.id, student.id))) return student;
    if (reader.roles.length === 1) throw refusal();
  }
  return users.studentReadableBy(ctx, reader, ref, refusal, tx);
}

/** The guardians of these students, by student (absence alerts, the attendance reminder). */
export async function guardiansOf(ctx: AppContext, studentIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  for (const l of await repo.linksOfStudents(ctx.db, studentIds)) map.set(l.studentId, [...(map.get(l.studentId) ?? []), l.guardianId]);
  return map;
}

// Import (Admin) -------------------------------------------------------------------------------

/**
 * POST /guardians/import: guardian links from a spreadsheet (guardian email, name, student ID,
 * relation) through lib/import's pipeline. A guardian email without an account gets a new active
 * Guardian account (a password nobody knows: they choose theirs with "Forgot password"). One
 * transaction; re-importing the same rows links nothing twice. Audited once.
 */
export async function importLinks(ctx: AppContext, p: Principal, upload: ImportUpload, dryRun: boolean): Promise<ImportOutcome> {
  return importFile<GuardianImportRow>(upload, { dryRun, maxRows: ctx.config.importMaxRows }, async (table) => {
    const [, ...rows] = table;
    const refs = [...new Set(rows.flatMap((r) => r.map((c) => c.trim()).filter((c) => c !== '')))];
    const known = await users.usersByRefs(ctx, refs);
    return {
      spec: guardianImport(known),
      store: {
        existing: async (keys) => {
          const students = [...new Set(keys.map((k) => k.split('|')[1]!))];
          const links = await repo.linksOfStudents(ctx.db, students);
          const have = new Set(links.map((l) => `${l.guardianId}|${l.studentId}`));
          return new Set(
            keys.filter((k) => {
              const [email, studentId] = k.split('|');
              const g = known.get(email!);
              return g ? have.has(`${g.id}|${studentId}`) : false;
            }),
          );
        },
        write: (list) => writeImport(ctx, p, upload.filename, list),
      },
    };
  });
}

async function writeImport(ctx: AppContext, p: Principal, file: string, list: GuardianImportRow[]) {
  const passwordHash = await hashPassword(randomToken());
  return ctx.db.transaction(async (tx) => {
    const emails = [...new Set(list.map((r) => r.email))];
    const found = await users.usersByRefs(ctx, emails, tx);
    for (const r of list) {
      if (found.has(r.email)) continue;
      const made = await users.insertUser(ctx, { name: r.name, email: r.email, roles: ['Guardian'], status: 'active', passwordHash }, tx);
      found.set(r.email, { id: made.id, name: made.name, email: made.email, studentId: null, roles: made.roles, status: made.status });
    }
    const created = await repo.insertLinks(
      tx,
      list.map((r) => ({ guardianId: found.get(r.email)!.id, studentId: r.studentId, relation: r.relation })),
    );
    await audit.record(ctx, p, { action: 'guardian.imported', target: { type: 'guardian link', label: file }, details: { rows: list.length, linked: created } }, tx);
    return { created, updated: 0 };
  });
}

// Demo ----------------------------------------------------------------------------------------

/** Links the demo guardian to the demo student (seed/demo.ts), once. */
export async function seedDemoLink(ctx: AppContext, guardianId: string, studentId: string, relation: string): Promise<void> {
  await repo.insertLink(ctx.db, { guardianId, studentId, relation });
}
