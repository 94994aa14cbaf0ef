import { MSG } from '@crs/shared/messages';
import { ACADEMIC_MANAGERS, hasAnyRole } from '@crs/shared/roles';
import type { Material, MaterialFields } from '@crs/shared/schemas/materials';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { UUID } from '../../lib/patterns.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as files from '../files/files.service.ts';
import type { FileRow } from '../files/files.service.ts';
import * as users from '../users/users.service.ts';
import { presentMaterial } from './materials.presenter.ts';
import * as repo from './materials.repository.ts';
import type { MaterialRow } from './materials.repository.ts';

// Teaching materials (issue 12 item 7, decision 0026). A teacher uploads notes for a subject they
// teach, or research (no subject). Notes open for the students of the sections the subject is
// taught to and for its teachers; research for every signed-in user; the uploader and
// Admin/SuperAdmin always (files.service).

const isManager = (p: Principal) => hasAnyRole(p.user.roles, ACADEMIC_MANAGERS);

/** Who besides the uploader and admins may open a material's file (registered with the files module). */
export async function mayRead(ctx: AppContext, p: Principal, file: FileRow): Promise<boolean> {
  const m = await repo.findByFile(ctx.db, file.id);
  if (!m) return false;
  if (!m.subjectId) return true;
  if (p.user.roles.includes('Student') && (await academics.takesSubject(ctx, p.user.id, m.subjectId))) return true;
  return p.user.roles.includes('Teacher') && academics.teachesSubject(ctx, p.user.id, m.subjectId);
}

/** The materials' answers: their subjects, uploaders and files looked up once; a material whose file is gone is left out. */
async function present(ctx: AppContext, rows: MaterialRow[]): Promise<Material[]> {
  const [subjects, people, fileRows] = await Promise.all([
    academics.subjectsByIds(ctx, [...new Set(rows.map((r) => r.subjectId).filter((id): id is string => !!id))]),
    users.usersByIds(
      ctx,
      rows.map((r) => r.teacherId),
    ),
    files.signedRefs(ctx, rows.map((r) => r.fileId)),
  ]);
  const subjectOf = new Map(subjects.map((s) => [s.id, { _id: s.id, code: s.code, name: s.name }]));
  return rows.flatMap((r) => {
    const file = fileRows.get(r.fileId);
    return file ? [presentMaterial(r, file, (r.subjectId && subjectOf.get(r.subjectId)) || null, people.get(r.teacherId)?.name ?? 'Unknown')] : [];
  });
}

/**
 * Keeps an upload as a material: the subject (if any) must be one the caller teaches (managers:
 * any), checked before the bytes are stored; the file is checked by files.saveUpload (413/415).
 */
export async function createMaterial(ctx: AppContext, p: Principal, fields: MaterialFields, upload: { bytes: Buffer; filename: string }): Promise<Material> {
  if (fields.subjectId) {
    const [subject] = await academics.subjectsByIds(ctx, [fields.subjectId]);
    if (!subject) throw notFound(MSG.subjectNotFound, 'SUBJECT_NOT_FOUND');
    if (!isManager(p) && !(await academics.teachesSubject(ctx, p.user.id, fields.subjectId))) throw forbidden(MSG.materialNotYourSubject, 'NOT_YOUR_SUBJECT');
  }
  const saved = await files.saveUpload(ctx, { purpose: 'material', ownerId: p.user.id, bytes: upload.bytes, filename: upload.filename });
  let row: MaterialRow;
  try {
    row = await repo.insertMaterial(ctx.db, { teacherId: p.user.id, subjectId: fields.subjectId ?? null, fileId: saved.id, title: fields.title, description: fields.description });
  } catch (err) {
    await files.removeFile(ctx, saved.id);
    throw err;
  }
  return (await present(ctx, [row]))[0]!;
}

/** GET /teachers/materials: the caller's uploads, newest first (managers: everyone's). */
export async function listMaterials(ctx: AppContext, p: Principal): Promise<{ materials: Material[] }> {
  return { materials: await present(ctx, await repo.listMaterials(ctx.db, isManager(p) ? undefined : p.user.id)) };
}

/** Deletes the caller's material (managers: any) and its file; 404 unknown, 403 another teacher's. */
export async function deleteMaterial(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const m = UUID.test(id) ? await repo.findMaterial(ctx.db, id) : undefined;
  if (!m) throw notFound(MSG.materialNotFound, 'MATERIAL_NOT_FOUND');
  if (m.teacherId !== p.user.id && !isManager(p)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteMaterial(tx, id))) throw notFound(MSG.materialNotFound, 'MATERIAL_NOT_FOUND');
    await audit.record(ctx, p, { action: 'record.deleted', target: { type: 'material', id, label: m.title } }, tx);
  });
  await files.removeFile(ctx, m.fileId);
}

/**
 * Materials as the document repository lists them (notes: those with a subject; researches: the
 * rest), matching `q`, newest first, at most `limit`. Whom each may be shown to is the caller's rule.
 */
export async function repositoryMaterials(ctx: AppContext, f: { q: string; notes: boolean; researches: boolean; subjects: 'all' | string[]; limit: number }): Promise<Material[]> {
  if (!f.notes && !f.researches) return [];
  return present(ctx, await repo.searchMaterials(ctx.db, f));
}

/** A few demo materials per department, stored through the files module (seed/demo.ts). */
export { seedDemoMaterials } from './materials.seed.ts';
