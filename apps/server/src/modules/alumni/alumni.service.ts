import { MSG } from '@crs/shared/messages';
import { FACULTY, hasAnyRole } from '@crs/shared/roles';
import { fillMergeFields } from '@crs/shared/schemas/alumni';
import { PROGRAMME } from '@crs/shared/schemas/rollover';
import type { CreateAlumnusInput, ListAlumniQuery, MessageAlumniInput, MyAlumnusVisibility, UpdateAlumnusInput } from '@crs/shared/schemas/alumni';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { importFile } from '../../lib/import/pipeline.ts';
import type { ImportOutcome } from '../../lib/import/pipeline.ts';
import { writeStaged } from '../../lib/import/staged.ts';
import { inSlices } from '../../lib/yield.ts';
import type { Principal } from '../../plugins/access.ts';
import type { ImportUpload } from '../../plugins/import-route.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as users from '../users/users.service.ts';
import { exportCsv, exportXlsx, templateXlsx } from './alumni.files.ts';
import { alumnusImport } from './alumni.import.ts';
import type { AlumnusImportRow } from './alumni.import.ts';
import { presentAlumnus, presentMessageRecord } from './alumni.presenter.ts';
import * as repo from './alumni.repository.ts';
import { buildDemoAlumni, buildLastYearGraduates, SYNTHETIC_SERIAL_PATTERN, syntheticAlumnus } from './alumni.seed.ts';
import * as messages from './messages.repository.ts';

/** Faculty (Teacher, Staff, Admin, SuperAdmin) see private profiles and every contact field. */
export const isFaculty = (p: Principal) => hasAnyRole(p.user.roles, FACULTY);

const alumnusNotFound = () => notFound(MSG.alumnusNotFound, 'ALUMNUS_NOT_FOUND');

/** A unique violation as the 409 it means (which of the two keys is taken). */
function clash(err: unknown): Error {
  const constraint = String((err as { constraint?: string; cause?: { constraint?: string } }).constraint ?? (err as { cause?: { constraint?: string } }).cause?.constraint ?? '');
  return constraint.includes('enrollment') ? conflict(MSG.alumniEnrollmentTaken, 'ENROLLMENT_TAKEN') : conflict(MSG.alumniEmailTaken, 'ALUMNI_EMAIL_TAKEN');
}

/**
 * One page of the directory: `q` on name, company or role (case-insensitive, partial words), filters
 * and sort. A caller who is not faculty never gets a private profile (nor its count).
 */
export async function listAlumni(ctx: AppContext, p: Principal, q: ListAlumniQuery) {
  const faculty = isFaculty(p);
  const { rows, total, capped } = await repo.listAlumni(ctx.db, { ...q, publicOnly: !faculty });
  return { alumni: rows.map((a) => presentAlumnus(a, faculty)), total, capped };
}

/** One alumnus; a private profile is 404 to anyone but faculty (its existence is not disclosed). */
export async function getAlumnus(ctx: AppContext, p: Principal, id: string) {
  const a = await repo.findAlumnus(ctx.db, id);
  const faculty = isFaculty(p);
  if (!a || (!faculty && a.visibility !== 'public')) throw alumnusNotFound();
  return presentAlumnus(a, faculty);
}

/**
 * The caller's own alumni record (issue 27 item 5): only a graduate (a rollover's graduate, whose
 * student account stays usable) has one, found by their student ID as its enrollment number; 404
 * for anyone else.
 */
async function ownRecord(ctx: AppContext, p: Principal, tx: Executor) {
  const enrollmentNo = p.user.studentId;
  const a = enrollmentNo && (await academics.isGraduate(ctx, p.user.id, tx)) ? await repo.findByEnrollment(tx, enrollmentNo) : undefined;
  if (!a) throw notFound(MSG.alumniNoOwnRecord, 'NO_ALUMNI_RECORD');
  return a;
}

/** GET /alumni/me: the graduate's own alumni record, contacts included (they are theirs). */
export const myAlumnus = async (ctx: AppContext, p: Principal) => presentAlumnus(await ownRecord(ctx, p, ctx.db), true);

/**
 * PATCH /alumni/me: the graduate makes their own profile public or private, audited
 * ('alumni.visibility_changed') in the same transaction; asking for the state it is in changes and
 * records nothing. 404 for anyone without their own record.
 */
export async function setMyVisibility(ctx: AppContext, p: Principal, visibility: MyAlumnusVisibility['visibility']) {
  return ctx.db.transaction(async (tx) => {
    const before = await ownRecord(ctx, p, tx);
    if (before.visibility === visibility) return presentAlumnus(before, true);
    const after = (await repo.updateAlumnus(tx, before.id, { visibility }))!;
    await audit.record(
      ctx,
      p,
      { action: 'alumni.visibility_changed', target: { type: 'alumnus', id: after.id, label: after.enrollmentNo ?? after.name }, changes: { visibility: { from: before.visibility, to: visibility } } },
      tx,
    );
    return presentAlumnus(after, true);
  });
}

/** Adds an alumnus (faculty); a taken email or enrollment number is a 409 and adds nothing. */
export async function createAlumnus(ctx: AppContext, p: Principal, input: CreateAlumnusInput) {
  try {
    return presentAlumnus(await repo.insertAlumnus(ctx.db, repo.toNewAlumnus(input, p.user.id)), true);
  } catch (err) {
    if (isUniqueViolation(err)) throw clash(err);
    throw err;
  }
}

/** Edits an alumnus (faculty): absent fields stay, null clears; 404 unknown, 409 a taken key. */
export async function updateAlumnus(ctx: AppContext, id: string, patch: UpdateAlumnusInput) {
  try {
    const a = await repo.updateAlumnus(ctx.db, id, patch);
    if (!a) throw alumnusNotFound();
    return presentAlumnus(a, true);
  } catch (err) {
    if (isUniqueViolation(err)) throw clash(err);
    throw err;
  }
}

/** Deletes one alumnus (faculty); 404 when there is none. */
export async function deleteAlumnus(ctx: AppContext, p: Principal, id: string): Promise<void> {
  await deleteMany(ctx, p, [id]);
}

/** Deletes every listed alumnus in one transaction, or none: an unknown id is a 404 and deletes nothing. One audit entry per alumnus. */
export async function deleteMany(ctx: AppContext, p: Principal, ids: string[]): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteAlumni(tx, ids);
    if (gone.length !== ids.length) throw alumnusNotFound();
    await audit.recordMany(ctx, p, gone.map((a) => ({ action: 'record.deleted' as const, target: { type: 'alumnus', id: a.id, label: a.email ? `${a.name} <${a.email}>` : a.name } })), tx);
    return gone.length;
  });
}

/**
 * Mails each selected alumnus who has an email (through the outbox, so a failing SMTP server
 * loses nothing), with {{name}} {{company}} {{role}} {{batch}} filled per recipient in the subject
 * and text; records who sent what to whom. Answers how many were queued, who had no email and
 * which ids were not found.
 */
export async function messageAlumni(ctx: AppContext, p: Principal, body: MessageAlumniInput) {
  const found = await repo.findAlumniByIds(ctx.db, body.ids);
  const byId = new Map(found.map((a) => [a.id, a]));
  const recipients = body.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const subject = body.subject ?? MSG.alumniMessageSubject;
  let queued = 0;
  for (const a of recipients) {
    if (!a.email) continue;
    await ctx.mailer.send({ to: a.email, subject: fillMergeFields(subject, a), text: fillMergeFields(body.message, a) });
    queued++;
  }
  await ctx.db.transaction(async (tx) => {
    await messages.insertMessageRecord(tx, {
      sentBy: p.user.id,
      subject,
      body: body.message,
      recipients: recipients.map((a) => ({ id: a.id, name: a.name, email: a.email })),
      queued,
    });
    await audit.record(ctx, p, { action: 'alumni.messaged', details: { subject, recipients: recipients.length, queued } }, tx);
  });
  return {
    message: MSG.alumniMessageSent,
    queued,
    withoutEmail: recipients.filter((a) => !a.email).map((a) => ({ _id: a.id, name: a.name })),
    notFound: body.ids.filter((id) => !byId.has(id)),
  };
}

/** The record of bulk messages, newest first (faculty). */
export async function listMessages(ctx: AppContext, page: number, pageSize: number) {
  const { rows, total } = await messages.listMessageRecords(ctx.db, page, pageSize);
  const senders = await users.usersByIds(ctx, rows.flatMap((r) => (r.sentBy ? [r.sentBy] : [])));
  return { messages: rows.map((r) => presentMessageRecord(r, senders)), total };
}

// ---------------------------------------------------------------------------------------------
// Import and export

/** Which import keys (see alumnusKey) are stored. */
async function storedKeys(ctx: AppContext, keys: string[]): Promise<Set<string>> {
  const emails = keys.filter((k) => k.startsWith('e:')).map((k) => k.slice(2));
  const enrollments = keys.filter((k) => k.startsWith('n:')).map((k) => k.slice(2));
  const found = await repo.idsByKeys(ctx.db, emails, enrollments);
  return new Set([...[...found.byEmail.keys()].map((k) => `e:${k}`), ...[...found.byEnrollment.keys()].map((k) => `n:${k}`)]);
}

/** Rows per statement of an import's updates (and of the seed). */
const WRITE_BATCH = 1000;
// New alumni go in batches of this many, each its own short transaction: on the embedded database
// other requests run between batches, so the batch bounds how long they wait (decision 0016).
// 10k rows into 100k alumni on the idle bench machine: a 500-row batch holds the database ~80 ms;
// the write takes ~1.6 s (100-row batches cost ~20 % more CPU, decision 0021).
const IMPORT_BATCH = 500;

/**
 * The alumni columns whose statistics the directory's queries read: what an import re-analyzes.
 * Filters on an expression (`lower(email)`, `lower(current_company) like`) read their expression
 * index's statistics, which only a whole-table ANALYZE gathers (the seed's), or none: analyzing
 * those columns cost time and informed no plan. The department filter reads `department_key`.
 */
const ANALYZED_COLUMNS = sql.raw(['search_text', 'visibility', 'import_id', 'graduation_year', 'department_key'].map((c) => `"${c}"`).join(', '));

/**
 * Imports an alumni file (.xlsx, .xls, .csv) through the import pipeline (faculty). A dry run
 * previews and writes nothing; any bad row → 422 with its row number, nothing written; else the
 * new alumni and the updates of matched ones (email, else enrollment number) are written as one
 * staged import (lib/import's writeStaged, decisions 0016, 0021): new alumni in committed batches
 * hidden from every read, the updates in the transaction that shows them all at once. One import
 * is written at a time (409); a clash (two records would share an email or enrollment number) is a
 * 409 and leaves nothing.
 */
export const importAlumni = (ctx: AppContext, p: Principal, upload: ImportUpload, dryRun: boolean): Promise<ImportOutcome> =>
  importFile(upload, { dryRun, maxRows: ctx.config.importMaxRows }, () => ({
    spec: alumnusImport,
    store: { existing: (keys) => storedKeys(ctx, keys), write: (list) => writeImport(ctx, p, upload.filename, list) },
  }));

/** The alumni side of a staged import: which rows are new, the updates and audit entry that commit with it. */
async function writeImport(ctx: AppContext, p: Principal, file: string, list: AlumnusImportRow[]) {
  const who = p.user.id;
  try {
    return await writeStaged(ctx.db, repo.alumniImports, who, {
      batchSize: IMPORT_BATCH,
      prepare: async () => {
        // Matched now that this import is the only one: an import that just committed is seen.
        const found = await repo.idsByKeys(
          ctx.db,
          list.flatMap((r) => (r.input.email ? [r.input.email] : [])),
          list.flatMap((r) => (!r.input.email && r.input.enrollmentNo ? [r.input.enrollmentNo] : [])),
        );
        const idOf = (r: AlumnusImportRow) =>
          r.input.email ? found.byEmail.get(r.input.email) : r.input.enrollmentNo ? found.byEnrollment.get(r.input.enrollmentNo.toLowerCase()) : undefined;
        const asRow = (r: AlumnusImportRow) => ({ ...repo.toNewAlumnus(r.input, who), keepTags: r.keepTags, keepExperiences: r.keepExperiences, keepVisibility: r.keepVisibility });
        const updates = list.flatMap((r) => {
          const id = idOf(r);
          return id ? [{ ...asRow(r), id }] : [];
        });
        const commit = async (tx: Executor, created: number) => {
          let updated = 0;
          for (let i = 0; i < updates.length; i += WRITE_BATCH) updated += await repo.bulkUpdateAlumni(tx, updates.slice(i, i + WRITE_BATCH));
          await audit.record(ctx, p, { action: 'alumni.imported', details: { created, updated, file } }, tx);
          return { created, updated };
        };
        return { rows: list.filter((r) => !idOf(r)).map(asRow), commit };
      },
      insert: (tx, batch, importId) => repo.bulkInsertAlumni(tx, batch, importId),
      // Keep planner statistics current (the embedded database has no autovacuum to do it) for the
      // columns the directory's queries filter on. A whole-table ANALYZE also worked out statistics for
      // about, experiences, tags and contact fields, which no query filters on: 3-4 s against 0.8 s at
      // 110k alumni under load (decision 0021). The synthetic seed still analyzes everything.
      after: () => ctx.db.execute(sql`analyze alumni (${ANALYZED_COLUMNS})`),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.alumniImportClash, 'IMPORT_CLASH');
    throw err;
  }
}

/** The import template (.xlsx). */
export const importTemplate = (): Buffer => templateXlsx();

/** Every alumnus, private ones included, as .xlsx or CSV with formula-looking cells made inert (faculty only). */
export async function exportAlumni(ctx: AppContext, p: Principal, format: 'xlsx' | 'csv'): Promise<Buffer | string> {
  const list = await repo.allAlumni(ctx.db);
  await audit.record(ctx, p, { action: 'alumni.exported', details: { format, rows: list.length } });
  return format === 'csv' ? exportCsv(list) : exportXlsx(list);
}

// ---------------------------------------------------------------------------------------------
// Seeding

/** Seeds the demo directory on an empty one (deterministic); false when alumni existed. */
export async function seedDemoAlumni(ctx: AppContext): Promise<boolean> {
  if (await repo.anyAlumni(ctx.db)) return false;
  const createdBy = (await users.userIdByEmail(ctx, 'teacher@demo.crs')) ?? null;
  const list = [...buildDemoAlumni(), ...buildLastYearGraduates()].map((a) => ({ ...repo.toNewAlumnus(a, createdBy), keepTags: false, keepExperiences: false, keepVisibility: false }));
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < list.length; i += WRITE_BATCH) await repo.bulkInsertAlumni(tx, list.slice(i, i + WRITE_BATCH));
  });
  return true;
}

/** Rows per INSERT of the synthetic seed: each batch is one statement, not one long transaction. */
const SEED_BATCH = 5000;

/**
 * Adds `count` synthetic alumni (syntheticAlumnus), numbered after any from an earlier run, in
 * statements of SEED_BATCH rows, then refreshes the planner statistics (the embedded database has
 * no autovacuum). Used by `db:seed-alumni` and the benchmark. How many were added.
 */
export async function seedSyntheticAlumni(ctx: AppContext, count: number): Promise<number> {
  const first = (await repo.maxSyntheticSerial(ctx.db, SYNTHETIC_SERIAL_PATTERN)) + 1;
  let added = 0;
  for (let i = 0; i < count; i += SEED_BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + SEED_BATCH); j++) {
      batch.push({ ...repo.toNewAlumnus(syntheticAlumnus(first + j), null), keepTags: false, keepExperiences: false, keepVisibility: false });
    }
    added += await repo.bulkInsertAlumni(ctx.db, batch);
  }
  await ctx.db.execute(sql`vacuum analyze alumni`);
  return added;
}

// ---------------------------------------------------------------------------------------------
// Graduates (issue 27 item 5)

/** What a graduate's alumni record copies from the student record and the rollover. */
export type GraduateRecord = { name: string; email: string | null; phone: string | null; enrollmentNo: string; department: string | null; degree: string; batch: string; graduationYear: number };

/**
 * Alumni records for graduates, inside the caller's transaction (the semester rollover's, or
 * from-graduates'): private until the graduate makes the profile public; idempotent on the
 * enrollment number (a graduate already in the directory, or whose email is, is left as it is).
 * One audit entry with the count. How many records were created.
 */
export async function addGraduates(ctx: AppContext, actor: audit.AuditActor, list: readonly GraduateRecord[], tx: Executor): Promise<number> {
  // 100 records a statement (each feeds the directory's search indexes), the event loop running between: lib/yield.ts.
  const created = (await inSlices(list, 100, (slice) => repo.insertGraduates(tx, slice))).reduce((a, b) => a + b, 0);
  if (list.length > 0) await audit.record(ctx, actor, { action: 'alumni.graduates_added', target: { type: 'alumnus', label: list[0]!.batch }, details: { graduates: list.length, created } }, tx);
  return created;
}

/** POST /alumni/from-graduates: alumni records for a batch's graduates (recorded by a rollover); idempotent. */
export async function fromGraduates(ctx: AppContext, p: Principal, batch: string): Promise<{ graduates: number; created: number }> {
  return ctx.db.transaction(async (tx) => {
    const grads = await academics.graduatesOfBatch(ctx, batch, tx);
    const people = await users.contactsByIds(ctx, grads.map((g) => g.studentId), tx);
    const list = grads.flatMap((g) => {
      const u = people.get(g.studentId);
      return u?.studentId ? [{ name: u.name, email: u.email, phone: u.phone, enrollmentNo: u.studentId, department: g.department, degree: PROGRAMME.degree, batch: g.batch, graduationYear: g.graduationYear }] : [];
    });
    return { graduates: list.length, created: await addGraduates(ctx, p, list, tx) };
  });
}
