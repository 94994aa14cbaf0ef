import { createHash, randomBytes } from 'node:crypto';
import { MSG } from '@crs/shared/messages';
import { ACADEMIC_MANAGERS, hasAnyRole } from '@crs/shared/roles';
import type { Results } from '@crs/shared/schemas/assessment';
import type { GenerateBatchBody, Issued, TranscriptDocument, TranscriptKind, TranscriptVerifyResult } from '@crs/shared/schemas/transcripts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { UUID } from '../../lib/patterns.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as audit from '../audit/audit.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as guardians from '../guardians/guardians.service.ts';
import * as users from '../users/users.service.ts';
import type { UserRecord } from '../users/users.service.ts';
import { INVALID, presentIssued, presentVerified } from './transcripts.presenter.ts';
import { renderDocuments } from './transcripts.render.ts';
import type { PrintedDocument } from './transcripts.render.ts';
import * as repo from './transcripts.repository.ts';

// Grade cards and transcripts (issue 27 item 6, decision 0044). Drawn from the results module's
// published results on each request (nothing is stored but the verification record): a grade card
// is one term (a semester number), a transcript every term with a published result. Each PDF gets
// a random token (its QR code opens /verify/transcripts/{token}); only its SHA-256 is stored, with
// the student, the kind, the term, the CGPA printed and who issued it. Revoking makes it invalid.

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const isManager = (p: Principal) => hasAnyRole(p.user.roles, ACADEMIC_MANAGERS);
const verifyUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/verify/transcripts/${token}`;

/**
 * Who may read a student's grade cards and transcript: the student themself (403 otherwise),
 * Admin/SuperAdmin anyone's, a Teacher the students they teach — the results module's read rule
 * (GET /results/students/{id}), since these documents print those results.
 */
async function readableStudent(ctx: AppContext, p: Principal, ref: string): Promise<UserRecord> {
  const student = await guardians.childReadableBy(ctx, p.user, ref, () => forbidden(MSG.transcriptOwnOnly, 'NOT_YOUR_TRANSCRIPT'));
  const allowed = isManager(p) || p.user.id === student.id || (await academics.teachesStudent(ctx, p.user.id, student.id)) || (await guardians.isGuardianOf(ctx, p.user.id, student.id));
  if (!allowed) {
    throw forbidden(MSG.transcriptNotYourStudent, 'NOT_YOUR_STUDENT');
  }
  return student;
}

/** The student's department and programme as printed: their home section's (decision 0036), else their latest enrolment's. */
async function placeOf(ctx: AppContext, student: UserRecord): Promise<{ department: string | null; programme: string | null }> {
  const home = student.sectionId ? (await academics.sectionsByIds(ctx, [student.sectionId]))[0] : undefined;
  const where = home ?? (await academics.currentSectionOf(ctx, student.id));
  if (!where) return { department: student.department, programme: null };
  // The data model has no degree: the programme is the department's, with the student's current semester.
  return { department: where.departmentName, programme: `${where.departmentCode} · semester ${where.semester} (${where.academicYear})` };
}

/** The printed content from the results: every term with a published result, or the one asked for. */
export function documentFrom(student: Pick<UserRecord, 'id' | 'name' | 'studentId'>, place: { department: string | null; programme: string | null }, results: Results, kind: TranscriptKind, term?: number): TranscriptDocument {
  const semesters = [...new Set(results.subjects.map((s) => s.semester))].sort((a, b) => a - b);
  const sgpa = new Map(results.semesters.map((s) => [s.semester, s.sgpa]));
  const terms = semesters
    .filter((t) => kind === 'transcript' || t === term)
    .map((t) => {
      const subjects = results.subjects.filter((s) => s.semester === t);
      return {
        term: t,
        sgpa: sgpa.get(t) ?? null,
        credits: subjects.reduce((n, s) => n + s.credits, 0),
        subjects: subjects.map((s) => ({ code: s.code, name: s.name, credits: s.credits, percent: s.percent, grade: s.grade, gradePoint: s.gradePoint, provisional: s.publishedWeight < 100 })),
      };
    });
  return {
    kind,
    student: { id: student.id, name: student.name, studentId: student.studentId, ...place },
    terms,
    cgpa: results.cgpa,
    totalCredits: results.subjects.reduce((n, s) => n + s.credits, 0),
  };
}

/** A student's document from their published results; null when there is nothing to print. */
async function buildDocument(ctx: AppContext, student: UserRecord, kind: TranscriptKind, term?: number): Promise<TranscriptDocument | null> {
  const [results, place] = await Promise.all([assessment.publishedResultsOf(ctx, student.id), placeOf(ctx, student)]);
  const doc = documentFrom(student, place, results, kind, term);
  return doc.terms.length === 0 ? null : doc;
}

const nothingPublished = (kind: TranscriptKind, term?: number) =>
  kind === 'gradecard' ? notFound(MSG.gradeCardTermNotPublished(term!), 'TERM_NOT_PUBLISHED') : notFound(MSG.transcriptNothingPublished, 'NOTHING_PUBLISHED');

/** GET /students/{studentId}/transcript and …/gradecards/{termId} without format: the content, nothing issued. */
export async function documentOf(ctx: AppContext, p: Principal, ref: string, kind: TranscriptKind, term?: number): Promise<TranscriptDocument> {
  const student = await readableStudent(ctx, p, ref);
  const doc = await buildDocument(ctx, student, kind, term);
  if (!doc) throw nothingPublished(kind, term);
  return doc;
}

const fileBase = (doc: TranscriptDocument) => `${doc.kind === 'transcript' ? 'transcript' : `gradecard-sem${doc.terms[0]!.term}`}-${doc.student.studentId ?? doc.student.id}`.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * Issues the documents: a token each, the PDF drawn (one file for all), then the verification
 * records and one audit entry per document in one transaction. A failure leaves no record.
 */
async function issue(ctx: AppContext, p: Principal, docs: TranscriptDocument[], details: Record<string, unknown> = {}): Promise<Buffer> {
  const issuedOn = collegeClock(ctx.config.timeZone).date;
  const printed: Array<PrintedDocument & { token: string }> = docs.map((doc) => {
    const token = randomBytes(32).toString('base64url');
    return { doc, token, verifyUrl: verifyUrl(ctx, token), issuedOn };
  });
  const [college, logo] = await Promise.all([settings.institutionName(ctx), settings.logoImage(ctx)]);
  const pdf = await renderDocuments({ college, logo }, printed);
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.insertIssued(
      tx,
      printed.map((d) => ({ studentId: d.doc.student.id, kind: d.doc.kind, term: d.doc.kind === 'gradecard' ? d.doc.terms[0]!.term : null, tokenHash: sha256(d.token), cgpa: d.doc.cgpa === null ? null : d.doc.cgpa.toFixed(2), issuedBy: p.user.id })),
    );
    await audit.recordMany(
      ctx,
      p,
      rows.map((r, i) => ({ action: 'transcript.issued', target: { type: 'transcript', id: r.id, label: printed[i]!.doc.student.studentId ?? printed[i]!.doc.student.name }, details: { kind: r.kind, term: r.term, cgpa: r.cgpa === null ? null : Number(r.cgpa), ...details } })),
      tx,
    );
  });
  return pdf;
}

/** `?format=pdf`: issues the student's grade card or transcript and returns the PDF and its file name. */
export async function issueOne(ctx: AppContext, p: Principal, ref: string, kind: TranscriptKind, term?: number): Promise<{ pdf: Buffer; filename: string }> {
  const doc = await documentOf(ctx, p, ref, kind, term);
  return { pdf: await issue(ctx, p, [doc]), filename: `${fileBase(doc)}.pdf` };
}

/**
 * POST /transcripts/generate (Admin): one PDF with the document of every student on the section's
 * roster who has something to print (grade cards: a published result in that term); 404 unknown
 * section, 400 when no student has.
 */
export async function generateBatch(ctx: AppContext, p: Principal, body: GenerateBatchBody): Promise<{ pdf: Buffer; filename: string; count: number }> {
  const [section] = await academics.sectionsByIds(ctx, [body.sectionId]);
  if (!section) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
  const roster = await academics.sectionRoster(ctx, section.id);
  const docs: TranscriptDocument[] = [];
  // A few students at a time: each is a handful of queries.
  for (let i = 0; i < roster.length; i += 8) {
    const built = await Promise.all(
      roster.slice(i, i + 8).map(async (s) => {
        const student = await users.findUser(ctx, s.id);
        return student ? buildDocument(ctx, student, body.kind, body.termId) : null;
      }),
    );
    for (const d of built) if (d) docs.push(d);
  }
  if (docs.length === 0) throw badRequest(MSG.transcriptBatchEmpty, 'NOTHING_TO_PRINT');
  const pdf = await issue(ctx, p, docs, { section: section.name });
  const what = body.kind === 'transcript' ? 'transcripts' : `gradecards-sem${body.termId}`;
  return { pdf, filename: `${what}-${section.name}-${section.academicYear}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_'), count: docs.length };
}

/** GET /students/{studentId}/transcripts/issued (Admin): the documents issued for the student, newest first. */
export async function issuedFor(ctx: AppContext, ref: string): Promise<Issued[]> {
  const student = await users.findStudent(ctx, ref);
  return (await repo.issuedFor(ctx.db, student.id)).map(presentIssued);
}

/** POST /transcripts/{id}/revoke (Admin): its QR says invalid from now on; 404 unknown, 409 already revoked. Audited. */
export async function revoke(ctx: AppContext, p: Principal, id: string): Promise<Issued> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.revoke(tx, id);
    if (!row) {
      const existing = UUID.test(id) ? await repo.findIssued(tx, id) : undefined;
      if (!existing) throw notFound(MSG.transcriptNotFound, 'TRANSCRIPT_NOT_FOUND');
      throw conflict(MSG.transcriptAlreadyRevoked, 'ALREADY_REVOKED');
    }
    // Inside the transaction: the embedded database has one connection, a read beside it would wait for it.
    const student = await users.findUser(ctx, row.studentId, tx);
    await audit.record(ctx, p, { action: 'transcript.revoked', target: { type: 'transcript', id: row.id, label: student?.studentId ?? student?.email ?? null }, details: { kind: row.kind, term: row.term } }, tx);
    return presentIssued(row);
  });
}

/** GET /transcripts/verify/{token} (public): a live document's holder (name, student ID), issue date and CGPA; else only "invalid". */
export async function verify(ctx: AppContext, token: string): Promise<TranscriptVerifyResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return INVALID;
  const row = await repo.findByTokenHash(ctx.db, sha256(token));
  if (!row || row.revokedAt) return INVALID;
  const student = await users.findUser(ctx, row.studentId);
  if (!student) return INVALID;
  return presentVerified(row, student);
}
