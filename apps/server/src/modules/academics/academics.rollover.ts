import { MSG } from '@crs/shared/messages';
import { batchOf, graduationYearOf, isFinalSemester, nextSectionName, nextTermOf, nextYearOf, PROGRAMME } from '@crs/shared/schemas/rollover';
import type { RolloverAction, RolloverInput, RolloverPlan, RolloverResponse, RolloverSection, TermKind } from '@crs/shared/schemas/rollover';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { inSlices, yieldToEventLoop } from '../../lib/yield.ts';
import type { Principal } from '../../plugins/access.ts';
import * as alumni from '../alumni/alumni.service.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as attendance from '../attendance/attendance.service.ts';
import * as audit from '../audit/audit.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './academics.repository.ts';
import type { SectionRef } from './academics.repository.ts';

// The semester rollover (issue 27 item 4, decision 0045). `plan` reads the closing term and decides,
// per student, promote / hold / graduate (the rule in Settings, then the Admin's overrides); the
// preview answers it and writes nothing. `run` plans and applies it in ONE transaction with the
// run's record written first: all or nothing, and a second run of the term finds the record and
// answers its summary. The closing term's sections, enrolments, exams, marks and attendance are
// never changed — promoted students gain an enrolment in the next section (their home section moves
// there), graduates keep theirs, so every result of the closing term stays readable.
// The transaction is seconds of statements for a large college; on the embedded database they run in
// the thread that answers requests, so they are short (a few sections or a few hundred rows each)
// and the event loop runs between them (lib/yield.ts): /health answers during a rollover.

/** Rows a write statement of the run carries at most (each ≲ 50 ms on the embedded database). */
const ROWS_PER_STATEMENT = 250;

type Input = { academicYear: string; term: TermKind; overrides: NonNullable<RolloverInput['overrides']> };
type Student = { id: string; name: string; email: string; phone: string | null; studentId: string | null; sectionId: string };
type NextSection = { key: string; name: string; academicYear: string; semester: number; departmentId: string; existingId: string | null };
type Carry = { nextKey: string; subjectId: string; teacherId: string | null; existing: boolean };
type Planned = { plan: RolloverPlan; students: Map<string, Student & { action: RolloverAction; reason: string | null }>; closing: SectionRef[]; next: Map<string, NextSection>; carries: Carry[] };

/** Reads the closing term and decides: nothing is written. */
async function plan(ctx: AppContext, input: Input, tx: Executor): Promise<Planned> {
  const { academicYear, term } = input;
  const following = nextTermOf(academicYear, term);
  const rule = await settings.current(ctx, tx);
  const closing = await repo.termSectionRefs(tx, academicYear, term);
  const list = (
    await inSlices(
      closing.map((s) => s.id),
      5,
      (ids) => users.studentsOfHomeSections(ctx, ids, tx),
    )
  ).flat();
  if (list.length === 0) throw conflict(MSG.rolloverNothingToClose(academicYear, term), 'ROLLOVER_NOTHING_TO_CLOSE');
  const bySection = new Map<string, Student[]>();
  for (const s of list) {
    const roster = bySection.get(s.sectionId);
    if (roster) roster.push(s);
    else bySection.set(s.sectionId, [s]);
  }

  // The rule's inputs: attendance over the closing sections' classes, failed credits of their published exams.
  const closingIds = closing.map((s) => s.id);
  const assignments = await repo.allAssignments(tx, { sectionIds: closingIds });
  const percents = await attendance.percentsOf(
    ctx,
    assignments.map((a) => a.id),
    tx,
  );
  const allSubjects = await repo.allSubjects(tx);
  const credits = new Map(allSubjects.map((s) => [s.id, s.credits]));
  const failed = await assessment.failedCreditsOf(ctx, new Map([...bySection].map(([id, ss]) => [id, ss.map((s) => s.id)])), credits, tx);

  // Overrides: each names a student of the term and an action their semester allows.
  const sectionOf = new Map(closing.map((s) => [s.id, s]));
  const studentById = new Map(list.map((s) => [s.id, s]));
  const overrides = new Map<string, RolloverAction>();
  const errors: Array<{ path: string; message: string }> = [];
  input.overrides.forEach((o, i) => {
    const s = studentById.get(o.studentId);
    const final = s ? isFinalSemester(sectionOf.get(s.sectionId)!.semester) : false;
    if (!s) errors.push({ path: `overrides.${i}.studentId`, message: MSG.rolloverOverrideNotInTerm });
    else if (o.action === 'graduate' && !final) errors.push({ path: `overrides.${i}.action`, message: MSG.rolloverGraduateNotFinal });
    else if (o.action === 'promote' && final) errors.push({ path: `overrides.${i}.action`, message: MSG.rolloverPromoteFinal });
    else overrides.set(o.studentId, o.action);
  });
  if (errors.length > 0) throw badRequest(errors[0]!.message, 'ROLLOVER_OVERRIDE', errors);

  // The next term's sections: named like the current ones, found when they exist.
  const next = new Map<string, NextSection>();
  const nextOf = new Map<string, string>();
  for (const s of closing) {
    if (isFinalSemester(s.semester)) continue;
    const n = { name: nextSectionName(s.name, s.semester), academicYear: nextYearOf(academicYear, s.semester), semester: s.semester + 1, departmentId: s.departmentId };
    const key = `${n.name}|${n.academicYear}`;
    nextOf.set(s.id, key);
    if (!next.has(key)) next.set(key, { key, ...n, existingId: null });
  }
  await yieldToEventLoop();
  const existing = await repo.sectionsByKeys(tx, [...next.values()]);
  for (const n of next.values()) n.existingId = existing.get(n.key)?.id ?? null;

  // Subjects offered next term and who teaches them: kept when the next section has the assignment,
  // else the teacher of the subject in the section of that name last time (else in the department,
  // newest year first), else left empty.
  await yieldToEventLoop();
  const everyAssignment = await repo.allAssignments(tx, {});
  const byNewest = [...everyAssignment].sort((a, b) => b.academicYear.localeCompare(a.academicYear));
  const sectionDept = new Map((await repo.sectionRefs(tx, [...new Set(everyAssignment.map((a) => a.sectionId))])).map((r) => [r.id, r.departmentId]));
  const carries: Carry[] = [];
  for (const n of next.values()) {
    for (const subject of allSubjects.filter((x) => x.departmentId === n.departmentId && x.semester === n.semester)) {
      const kept = n.existingId ? everyAssignment.find((a) => a.sectionId === n.existingId && a.subjectId === subject.id) : undefined;
      const earlier =
        kept ??
        byNewest.find((a) => a.subjectId === subject.id && a.section === n.name && a.academicYear < n.academicYear) ??
        byNewest.find((a) => a.subjectId === subject.id && sectionDept.get(a.sectionId) === n.departmentId);
      carries.push({ nextKey: n.key, subjectId: subject.id, teacherId: earlier?.teacherId ?? null, existing: Boolean(kept) });
    }
  }
  await yieldToEventLoop();
  const teacherNames = await users.usersByIds(
    ctx,
    carries.flatMap((c) => (c.teacherId ? [c.teacherId] : [])),
    tx,
  );
  const subjectById = new Map(allSubjects.map((s) => [s.id, s]));

  // Each student: the rule, then the override.
  const decided = new Map<string, Student & { action: RolloverAction; reason: string | null }>();
  const sections: RolloverSection[] = [];
  for (const s of closing) {
    const roster = (bySection.get(s.id) ?? []).sort((a, b) => (a.studentId ?? '~').localeCompare(b.studentId ?? '~') || a.name.localeCompare(b.name));
    if (roster.length === 0) continue;
    const final = isFinalSemester(s.semester);
    const n = nextOf.has(s.id) ? next.get(nextOf.get(s.id)!)! : null;
    const students = roster.map((st) => {
      const att = percents.get(st.id) ?? null;
      const fc = failed.get(st.id) ?? 0;
      const reasons: string[] = [];
      if (rule.holdBackAttendanceBelow > 0 && att !== null && att < rule.holdBackAttendanceBelow) reasons.push(MSG.rolloverHeldAttendance(att, rule.holdBackAttendanceBelow));
      if (rule.holdBackFailedCreditsAbove !== null && fc > rule.holdBackFailedCreditsAbove) reasons.push(MSG.rolloverHeldCredits(fc, rule.holdBackFailedCreditsAbove));
      const ruled: RolloverAction = reasons.length > 0 ? 'hold' : final ? 'graduate' : 'promote';
      const chosen = overrides.get(st.id);
      const action = chosen ?? ruled;
      const reason = action === 'hold' ? (reasons.join('; ') || null) : null;
      decided.set(st.id, { ...st, action, reason });
      return { _id: st.id, name: st.name, studentId: st.studentId, action, reason, overridden: chosen !== undefined && chosen !== ruled, attendance: att, failedCredits: fc };
    });
    sections.push({
      _id: s.id,
      name: s.name,
      department: s.departmentName,
      semester: s.semester,
      academicYear: s.academicYear,
      next: n ? { name: n.name, academicYear: n.academicYear, semester: n.semester, exists: n.existingId !== null } : null,
      students,
      subjects: n
        ? carries
            .filter((c) => c.nextKey === n.key)
            .map((c) => {
              const sub = subjectById.get(c.subjectId)!;
              return { code: sub.code, name: sub.name, credits: sub.credits, teacher: c.teacherId ? (teacherNames.get(c.teacherId)?.name ?? null) : null };
            })
            .sort((a, b) => a.code.localeCompare(b.code))
        : [],
    });
  }
  const all = [...decided.values()];
  const promotedTo = new Set(all.filter((s) => s.action === 'promote').map((s) => nextOf.get(s.sectionId)!));
  const used = [...next.values()].filter((n) => promotedTo.has(n.key));
  const usedCarries = carries.filter((c) => promotedTo.has(c.nextKey));
  return {
    plan: {
      academicYear,
      term,
      nextAcademicYear: following.academicYear,
      nextTerm: following.term,
      rule: { attendanceBelow: rule.holdBackAttendanceBelow, failedCreditsAbove: rule.holdBackFailedCreditsAbove },
      sections,
      counts: {
        students: all.length,
        promoted: all.filter((s) => s.action === 'promote').length,
        held: all.filter((s) => s.action === 'hold').length,
        graduated: all.filter((s) => s.action === 'graduate').length,
        sectionsCreated: used.filter((n) => n.existingId === null).length,
        assignmentsCarried: usedCarries.filter((c) => c.teacherId !== null).length,
        assignmentsEmpty: usedCarries.filter((c) => c.teacherId === null).length,
        alumniCreated: 0,
      },
    },
    students: decided,
    closing,
    next: new Map(used.map((n) => [n.key, n])),
    carries: usedCarries,
  };
}

const answer = (message: string, dryRun: boolean, alreadyRun: boolean, run: { id: string; ranAt: Date } | null, p: RolloverPlan): RolloverResponse => ({
  message,
  dryRun,
  alreadyRun,
  runId: run?.id ?? null,
  ranAt: run?.ranAt.toISOString() ?? null,
  plan: p,
});

/** POST /academics/rollover?dryRun=true: the plan, nothing written (a term rolled over already answers its record). */
export async function preview(ctx: AppContext, input: Input): Promise<RolloverResponse> {
  const done = await repo.findRollover(ctx.db, input);
  if (done) return answer(MSG.rolloverAlreadyDone, true, true, done, done.summary);
  // A read-only transaction: one consistent view of the term (and nothing can be written by mistake).
  const planned = await ctx.db.transaction(async (tx) => plan(ctx, input, tx));
  return answer(MSG.rolloverPreviewed, true, false, null, planned.plan);
}

/** POST /academics/rollover: plans and applies in one transaction; a term already rolled over answers its record and changes nothing. */
export async function run(ctx: AppContext, p: Principal, input: Input): Promise<RolloverResponse> {
  const done = await repo.findRollover(ctx.db, input);
  if (done) return answer(MSG.rolloverAlreadyDone, false, true, done, done.summary);
  let moved: string[] = [];
  try {
    const result = await ctx.db.transaction(async (tx) => {
      // Written first: a concurrent run of the same term waits here, then finds the key taken.
      const placeholder = { academicYear: input.academicYear, term: input.term, nextAcademicYear: input.academicYear, nextTerm: input.term, rule: { attendanceBelow: 0, failedCreditsAbove: null }, sections: [], counts: { students: 0, promoted: 0, held: 0, graduated: 0, sectionsCreated: 0, assignmentsCarried: 0, assignmentsEmpty: 0, alumniCreated: 0 } } satisfies RolloverPlan;
      const record = await repo.insertRollover(tx, { academicYear: input.academicYear, term: input.term, summary: placeholder, ranBy: p.user.id });
      const planned = await plan(ctx, input, tx);
      const applied = await apply(ctx, p, planned, record.id, tx);
      moved = applied.moved;
      const summary = { ...planned.plan, counts: { ...planned.plan.counts, alumniCreated: applied.alumniCreated } };
      await yieldToEventLoop();
      await repo.saveRolloverSummary(tx, record.id, summary);
      await audit.record(
        ctx,
        p,
        { action: 'rollover.run', target: { type: 'rollover', id: record.id, label: `${input.academicYear} ${input.term}` }, details: { ...summary.counts, overrides: input.overrides.length } },
        tx,
      );
      return answer(MSG.rolloverDone, false, false, record, summary);
    });
    await forgetUsers(ctx, moved);
    return result;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = await repo.findRollover(ctx.db, input);
    if (again) return answer(MSG.rolloverAlreadyDone, false, true, again, again.summary);
    throw conflict(MSG.rolloverBusy, 'ROLLOVER_BUSY');
  }
}

/** Every process forgets the moved students' cached accounts (a large college: the whole cache at once). */
async function forgetUsers(ctx: AppContext, ids: string[]) {
  if (ids.length > 500) await ctx.caches.invalidateAll();
  else await users.usersChanged(ctx, ids);
}

/** Writes the plan inside `tx`: next sections and assignments, enrolments, home sections, graduates, the per-student record and audit. */
async function apply(ctx: AppContext, p: Principal, planned: Planned, runId: string, tx: Executor): Promise<{ moved: string[]; alumniCreated: number }> {
  const { plan: pl, students, next, carries, closing } = planned;
  // Next sections that do not exist yet.
  const toCreate = [...next.values()].filter((n) => n.existingId === null);
  await yieldToEventLoop();
  const created = await repo.insertSections(
    tx,
    toCreate.map((n) => ({ name: n.name, departmentId: n.departmentId, semester: n.semester, academicYear: n.academicYear })),
  );
  created.forEach((id, i) => (toCreate[i]!.existingId = id));
  // Teaching assignments carried over (an existing one is kept as it is).
  await yieldToEventLoop();
  await repo.insertAssignments(
    tx,
    carries.filter((c) => c.teacherId !== null && !c.existing).map((c) => ({ teacherId: c.teacherId!, subjectId: c.subjectId, sectionId: next.get(c.nextKey)!.existingId! })),
  );
  // Promotions: a new enrolment, the home section moves; the closing term's enrolment stays (its results).
  const sectionById = new Map(closing.map((s) => [s.id, s]));
  const nextKeyOf = (s: SectionRef) => `${nextSectionName(s.name, s.semester)}|${nextYearOf(pl.academicYear, s.semester)}`;
  const promoted = [...students.values()].filter((s) => s.action === 'promote');
  const byTarget = new Map<string, typeof promoted>();
  for (const s of promoted) {
    const key = nextKeyOf(sectionById.get(s.sectionId)!);
    byTarget.set(key, [...(byTarget.get(key) ?? []), s]);
  }
  const targetOf = new Map<string, string>();
  for (const [key, list] of byTarget) {
    const n = next.get(key)!;
    await inSlices(list, ROWS_PER_STATEMENT, async (slice) => {
      await repo.enrol(
        tx,
        slice.map((s) => ({ sectionId: n.existingId!, studentId: s.id })),
      );
      await yieldToEventLoop();
      await users.moveHomeSection(
        ctx,
        slice.map((s) => s.id),
        { id: n.existingId!, name: n.name },
        tx,
      );
    });
    for (const s of list) targetOf.set(s.id, n.existingId!);
  }
  // Graduates: the record of their graduation, then their alumni records (private).
  const graduationYear = graduationYearOf(pl.academicYear);
  const batch = batchOf(graduationYear);
  await inSlices(
    [...students.values()].map((s) => ({
      runId,
      studentId: s.id,
      action: s.action,
      fromSectionId: s.sectionId,
      toSectionId: targetOf.get(s.id) ?? null,
      reason: s.reason,
      batch: s.action === 'graduate' ? batch : null,
      graduationYear: s.action === 'graduate' ? graduationYear : null,
    })),
    ROWS_PER_STATEMENT,
    (rows) => repo.insertRolloverStudents(tx, rows),
  );
  const graduates = [...students.values()].filter((s) => s.action === 'graduate');
  const alumniCreated = await alumni.addGraduates(
    ctx,
    p,
    graduates.flatMap((s) =>
      s.studentId
        ? [{ name: s.name, email: s.email, phone: s.phone, enrollmentNo: s.studentId, department: sectionById.get(s.sectionId)!.departmentName, degree: PROGRAMME.degree, batch, graduationYear }]
        : [],
    ),
    tx,
  );
  // One entry per promoted or graduating student (System Logs: who moved where, who graduated).
  const label = (id: string | null) => {
    const s = id ? sectionById.get(id) : undefined;
    return s ? `${s.name} (${s.academicYear})` : '';
  };
  const events = [
    ...promoted.map((s) => {
      const n = next.get(nextKeyOf(sectionById.get(s.sectionId)!))!;
      return { action: 'enrolment.changed' as const, target: { type: 'user', id: s.id, label: s.email }, changes: { sections: { from: [label(s.sectionId)], to: [label(s.sectionId), `${n.name} (${n.academicYear})`] } }, details: { via: 'rollover', runId } };
    }),
    ...graduates.map((s) => ({ action: 'student.graduated' as const, target: { type: 'user', id: s.id, label: s.email }, details: { batch, section: label(s.sectionId), runId } })),
  ];
  await inSlices(events, ROWS_PER_STATEMENT, (slice) => audit.recordMany(ctx, p, slice, tx));
  return { moved: promoted.map((s) => s.id), alumniCreated };
}

/** GET /academics/rollover/{runId}: a recorded run's summary. */
export async function getRun(ctx: AppContext, runId: string): Promise<RolloverResponse> {
  const done = await repo.findRollover(ctx.db, { id: runId });
  if (!done) throw notFound(MSG.rolloverNotFound, 'ROLLOVER_NOT_FOUND');
  return answer(MSG.rolloverDone, false, true, done, done.summary);
}
