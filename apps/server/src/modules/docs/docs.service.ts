import { MSG } from '@crs/shared/messages';
import { hasAnyRole } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import type { Doc, DocFields, DocPatch, DocsQuery, DocType } from '@crs/shared/schemas/docs';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { UUID } from '../../lib/patterns.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as files from '../files/files.service.ts';
import type { FileRow } from '../files/files.service.ts';
import * as materials from '../materials/materials.service.ts';
import * as users from '../users/users.service.ts';
import { presentDocument, presentMaterialDoc } from './docs.presenter.ts';
import { demoDocuments } from './docs.seed.ts';
import * as repo from './docs.repository.ts';
import type { DocumentRow } from './docs.repository.ts';

// The document repository (issue 13 item 1, decision 0027). Admin/SuperAdmin publish syllabus,
// circulars, notes and research; teachers' materials (materials.service) join the list as notes
// (with a subject) and researches. A subject's notes are for its sections' students, its teachers
// and staff (Staff, Admin, SuperAdmin); everything else for every signed-in user.

/** Who sees every subject's notes. */
const SEE_ALL_NOTES: readonly Role[] = ['Staff', 'Admin', 'SuperAdmin'];
/** How many documents one list answers at most (newest first). */
const LIST_LIMIT = 500;

/** The subjects whose notes the reader may see: 'all' for staff, else those they study or teach. */
async function visibleSubjects(ctx: AppContext, p: Principal): Promise<'all' | Set<string>> {
  if (hasAnyRole(p.user.roles, SEE_ALL_NOTES)) return 'all';
  const ids = new Set<string>();
  if (p.user.roles.includes('Student')) for (const id of await academics.subjectIdsOfStudent(ctx, p.user.id)) ids.add(id);
  if (p.user.roles.includes('Teacher')) for (const a of await academics.assignmentsOfTeacher(ctx, p.user.id)) ids.add(a.subjectId);
  return ids;
}

/** Who besides the uploader and admins may open a document's file (registered with the files module). */
export async function mayRead(ctx: AppContext, p: Principal, file: FileRow): Promise<boolean> {
  const doc = await repo.findByFile(ctx.db, file.id);
  if (!doc) return false;
  if (!doc.subjectId) return true;
  const visible = await visibleSubjects(ctx, p);
  return visible === 'all' || visible.has(doc.subjectId);
}

async function present(ctx: AppContext, rows: DocumentRow[]): Promise<Doc[]> {
  const [subjects, people, fileRows] = await Promise.all([
    academics.subjectsByIds(ctx, [...new Set(rows.map((r) => r.subjectId).filter((id): id is string => !!id))]),
    users.usersByIds(
      ctx,
      rows.map((r) => r.uploadedBy).filter((id): id is string => !!id),
    ),
    files.findFiles(
      ctx,
      rows.map((r) => r.fileId),
    ),
  ]);
  const subjectOf = new Map(subjects.map((s) => [s.id, { _id: s.id, code: s.code, name: s.name }]));
  return rows.flatMap((r) => {
    const f = fileRows.get(r.fileId);
    if (!f) return [];
    const uploader = r.uploadedBy ? people.get(r.uploadedBy)?.name : undefined;
    return [presentDocument(r, files.presentFile(ctx, f, true), r.subjectId ? (subjectOf.get(r.subjectId) ?? null) : null, uploader ?? 'Administration')];
  });
}

/**
 * GET /docs: the reader's documents and materials matching `q` and `type`, newest first (at most
 * 500), each with a signed link that opens its file for an hour.
 */
export async function listDocs(ctx: AppContext, p: Principal, q: DocsQuery): Promise<{ docs: Doc[] }> {
  const types: DocType[] = q.type.length ? q.type : ['syllabus', 'circular', 'notes', 'researches'];
  const visible = await visibleSubjects(ctx, p);
  const subjects = visible === 'all' ? 'all' : [...visible];
  const [own, mats] = await Promise.all([
    repo.searchDocuments(ctx.db, { q: q.q, types, subjects, limit: LIST_LIMIT }),
    materials.repositoryMaterials(ctx, { q: q.q, notes: types.includes('notes'), researches: types.includes('researches'), subjects, limit: LIST_LIMIT }),
  ]);
  const fromMaterials: Doc[] = mats.map(presentMaterialDoc);
  const docs = [...(await present(ctx, own)), ...fromMaterials].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, LIST_LIMIT);
  return { docs };
}

/** A subject may be named only on notes, and must exist (400 otherwise). */
async function checkSubject(ctx: AppContext, type: DocType, subjectId: string | null | undefined): Promise<void> {
  if (!subjectId) return;
  if (type !== 'notes') throw badRequest(MSG.docSubjectOnlyNotes, 'SUBJECT_ONLY_FOR_NOTES', [{ path: 'subjectId', message: MSG.docSubjectOnlyNotes }]);
  const [subject] = await academics.subjectsByIds(ctx, [subjectId]);
  if (!subject) throw badRequest(MSG.subjectNotFound, 'SUBJECT_NOT_FOUND', [{ path: 'subjectId', message: MSG.subjectNotFound }]);
}

/** POST /docs: keeps the upload (files.saveUpload: 413/415) and its record; nothing stays if either fails. */
export async function createDoc(ctx: AppContext, p: Principal, fields: DocFields, upload: { bytes: Buffer; filename: string }): Promise<Doc> {
  await checkSubject(ctx, fields.type, fields.subjectId);
  const saved = await files.saveUpload(ctx, { purpose: 'document', ownerId: p.user.id, bytes: upload.bytes, filename: upload.filename });
  let row: DocumentRow;
  try {
    row = await repo.insertDocument(ctx.db, { title: fields.title, type: fields.type, description: fields.description, subjectId: fields.subjectId ?? null, fileId: saved.id, uploadedBy: p.user.id });
  } catch (err) {
    await files.removeFile(ctx, saved.id);
    throw err;
  }
  return (await present(ctx, [row]))[0]!;
}

const findOr404 = async (ctx: AppContext, id: string) => {
  const row = UUID.test(id) ? await repo.findDocument(ctx.db, id) : undefined;
  if (!row) throw notFound(MSG.docNotFound, 'DOC_NOT_FOUND');
  return row;
};

/** PATCH /docs/{id}: title, type, description, subject; a type other than notes drops the subject. */
export async function updateDoc(ctx: AppContext, id: string, patch: DocPatch): Promise<Doc> {
  const row = await findOr404(ctx, id);
  const type = patch.type ?? row.type;
  let subjectId = patch.subjectId === undefined ? row.subjectId : patch.subjectId || null;
  if (patch.subjectId === undefined && type !== 'notes') subjectId = null;
  await checkSubject(ctx, type, subjectId);
  const updated = await repo.updateDocument(ctx.db, id, {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    type,
    subjectId,
  });
  if (!updated) throw notFound(MSG.docNotFound, 'DOC_NOT_FOUND');
  return (await present(ctx, [updated]))[0]!;
}

/** DELETE /docs/{id}: the record, then its file. */
export async function deleteDoc(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const row = await findOr404(ctx, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteDocument(tx, row.id))) throw notFound(MSG.docNotFound, 'DOC_NOT_FOUND');
    await audit.record(ctx, p, { action: 'record.deleted', target: { type: 'document', id: row.id, label: row.title } }, tx);
  });
  await files.removeFile(ctx, row.fileId);
}

/**
 * Demo documents (seed/demo.ts), only into an empty repository: each stored through the files
 * module; notes attached to their subject by code (left without one if the subject is missing).
 */
export async function seedDemoDocs(ctx: AppContext, uploadedBy: string): Promise<number> {
  if ((await repo.countDocuments(ctx.db)) > 0) return 0;
  const items = demoDocuments();
  const subjectByCode = new Map((await academics.allSubjects(ctx)).map((s) => [s.code, s.id]));
  for (const it of items) {
    const saved = await files.saveUpload(ctx, { purpose: 'document', ownerId: uploadedBy, bytes: it.bytes, filename: it.filename });
    const subjectId = it.subjectCode ? (subjectByCode.get(it.subjectCode) ?? null) : null;
    await repo.insertDocument(ctx.db, { title: it.title, type: it.type, description: it.description, subjectId, fileId: saved.id, uploadedBy });
  }
  return items.length;
}
