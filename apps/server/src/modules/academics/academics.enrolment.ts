import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import * as audit from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './academics.repository.ts';
import type { SectionRef } from './academics.repository.ts';

// One student record (decision 0036): section_students is the truth of enrolment; a Student's
// record (users.section_id) names their home section, always one of their enrolments. The users
// module moves it through `moveStudent` and `enrolImported` inside its own transaction (the only
// writes another module makes here, decision 0039); the administration's enrolments keep the
// record in step through `joinSection` (and its unenrol, renames and deletes).

const sectionLabel = (s: Pick<SectionRef, 'name' | 'academicYear'>) => `${s.name} (${s.academicYear})`;
/** A student's sections as the audit log names them ("CSE-3A (2026-27)"), sorted. */
export async function enrolmentLabels(tx: Executor, studentId: string): Promise<string[]> {
  return (await repo.sectionRefs(tx, await repo.sectionsOfStudent(tx, studentId))).map(sectionLabel).sort();
}
/** The 'enrolment.changed' entry: the student's sections before and after (no entry when they are the same). */
export async function recordEnrolment(ctx: AppContext, actor: AuditActor, student: { id: string; email: string }, before: string[], after: string[], via: 'people' | 'import' | 'academics', tx: Executor) {
  if (before.join('|') === after.join('|')) return;
  await audit.record(ctx, actor, { action: 'enrolment.changed', target: { type: 'user', id: student.id, label: student.email }, changes: { sections: { from: before, to: after } }, details: { via } }, tx);
}
/** Enrols students in one section inside `tx` with an entry per new enrolment; those without a section get this one. */
export async function joinSection(ctx: AppContext, actor: AuditActor, sectionId: string, studentIds: readonly string[], via: 'import' | 'academics', tx: Executor) {
  const ref = (await repo.sectionRefs(tx, [sectionId]))[0]!;
  const already = new Set(await repo.sectionStudentIds(tx, sectionId));
  const fresh = [...new Set(studentIds)].filter((id) => !already.has(id));
  const before = new Map<string, string[]>();
  for (const id of fresh) before.set(id, await enrolmentLabels(tx, id));
  const enrolled = await repo.enrol(
    tx,
    fresh.map((studentId) => ({ sectionId, studentId })),
  );
  const changed = await users.sectionJoined(ctx, fresh, { id: ref.id, name: ref.name, departmentId: ref.departmentId, department: ref.departmentName }, tx);
  const emails = await users.usersByIds(ctx, fresh, tx);
  const label = sectionLabel(ref);
  await audit.recordMany(
    ctx,
    actor,
    fresh.map((id) => {
      const from = before.get(id) ?? [];
      return { action: 'enrolment.changed' as const, target: { type: 'user', id, label: emails.get(id)?.email ?? id }, changes: { sections: { from, to: [...from, label].sort() } }, details: { via } };
    }),
    tx,
  );
  return { enrolled, changed };
}

/**
 * Moves a student's section enrolment from `from` to `to` (either null: none) inside `tx`, with the
 * 'enrolment.changed' entry (sections before and after). Rosters, timetables, attendance lists and
 * placement read section_students, so they see the move at once. The users row is the caller's.
 */
export async function moveStudent(ctx: AppContext, actor: AuditActor, student: { id: string; email: string }, from: string | null, to: string | null, via: 'people' | 'import', tx: Executor): Promise<void> {
  if (from === to) return;
  const before = await enrolmentLabels(tx, student.id);
  if (from) await repo.unenrol(tx, from, student.id);
  if (to) await repo.enrol(tx, [{ sectionId: to, studentId: student.id }]);
  await recordEnrolment(ctx, actor, student, before, await enrolmentLabels(tx, student.id), via, tx);
}
/** Enrols each new student of an import in their section inside `tx`, one entry each. */
export async function enrolImported(ctx: AppContext, actor: AuditActor, list: ReadonlyArray<{ id: string; email: string; sectionId: string }>, tx: Executor): Promise<void> {
  if (list.length === 0) return;
  await repo.enrol(
    tx,
    list.map((s) => ({ sectionId: s.sectionId, studentId: s.id })),
  );
  const refs = new Map((await repo.sectionRefs(tx, [...new Set(list.map((s) => s.sectionId))])).map((r) => [r.id, r]));
  await audit.recordMany(
    ctx,
    actor,
    list.map((s) => ({ action: 'enrolment.changed' as const, target: { type: 'user', id: s.id, label: s.email }, changes: { sections: { from: [], to: [sectionLabel(refs.get(s.sectionId)!)] } }, details: { via: 'import' } })),
    tx,
  );
}
