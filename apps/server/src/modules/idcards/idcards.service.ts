import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MSG } from '@crs/shared/messages';
import { hasAnyRole, STUDENT_RECORD_READERS } from '@crs/shared/roles';
import type { GenerateCardBody, IdCard, IdCardUrl, VerifyResult } from '@crs/shared/schemas/idcards';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as files from '../files/files.service.ts';
import * as settings from '../settings/settings.service.ts';
import type { FileRow } from '../files/files.service.ts';
import * as users from '../users/users.service.ts';
import { renderPdf, renderPng } from './idcards.render.ts';
import { INVALID, presentCard, presentCardUrl, presentVerified } from './idcards.presenter.ts';
import type { CardUrls } from './idcards.presenter.ts';
import * as repo from './idcards.repository.ts';
import type { IdCardRow } from './idcards.repository.ts';

// Digital ID cards (issue 13 item 2, decision 0027). An Admin generates a student's card (or a whole
// section's): it is drawn once, on that request, as a PNG and a PDF kept in the files module; the QR
// code carries a random token of which only the SHA-256 is stored. Regenerating or revoking marks
// the old card revoked, so its QR stops verifying and its links stop opening.

/** Who may open any student's card (spec: /dashboard/student/idcard admits them); the rule of every by-student read. */
const CARD_READERS = STUDENT_RECORD_READERS;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const linkSubject = (cardId: string) => `idcard:${cardId}`;

/** The card's own address (`/api/v1/idcards/{id}/card`), signed for an hour: the PNG, `&format=pdf` the PDF. */
function cardUrls(ctx: AppContext, card: IdCardRow): CardUrls {
  const url = `/api/v1/idcards/${card.id}/card?t=${files.signLink(ctx, linkSubject(card.id))}`;
  return { url, pdfUrl: `${url}&format=pdf` };
}

/** A student by account id or roll number (any case); 404 unless a Student. */
const findStudent = (ctx: AppContext, ref: string, tx: Executor = ctx.db) => users.findStudent(ctx, ref, tx);

/** GET /students/{studentId}/idcard: a Student only their own (403), Teacher/Admin/SuperAdmin anyone's; 404 when none is live. */
export async function cardOf(ctx: AppContext, p: Principal, ref: string): Promise<IdCardUrl> {
  const student = await users.studentReadableBy(ctx, p.user, ref, () => forbidden(MSG.idCardOwnOnly, 'NOT_YOUR_CARD'));
  const card = await repo.findLive(ctx.db, student.id);
  if (!card) throw notFound(MSG.idCardNotGenerated, 'IDCARD_NOT_GENERATED');
  return presentCardUrl(card, cardUrls(ctx, card));
}

/** The end of the academic year "2026-27" (30 June 2027); without one, a year from today. */
function defaultValidity(ctx: AppContext, academicYear: string | undefined): string {
  const start = academicYear ? Number(/^(\d{4})/.exec(academicYear)?.[1]) : NaN;
  if (Number.isFinite(start)) return `${start + 1}-06-30`;
  const today = collegeClock(ctx.config.timeZone).date;
  return `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
}

async function photoOf(ctx: AppContext, avatar: string | null) {
  const id = files.fileIdOfUrl(avatar);
  const read = id ? await files.readBytes(ctx, id) : undefined;
  return read ? { bytes: read.bytes, mimeType: read.file.mimeType } : null;
}

/**
 * Draws and keeps a new card for the student, revoking the live one (its QR stops verifying).
 * Blood group: the person's record's; one given for a person whose record has none is kept on the
 * record too, and one that contradicts the record is refused (400), so the card and the record never
 * disagree. Photo: the record's picture. Section: the record's (else the latest enrolment).
 * Validity: as given, else the end of the current section's academic year. The files are written first; the revoke and insert are one transaction
 * on the locked student row; the old card's files are removed after it.
 */
export async function generateCard(ctx: AppContext, issuerId: string, ref: string, opts: NonNullable<GenerateCardBody> = {}): Promise<IdCard> {
  const student = await findStudent(ctx, ref);
  if (student.status !== 'active') throw badRequest(MSG.idCardNotAStudent, 'NOT_AN_ACTIVE_STUDENT');
  // The card shows the person's record (decision 0036): their section (else their latest enrolment),
  // their photo, their blood group.
  if (opts?.bloodGroup && student.bloodGroup && opts.bloodGroup !== student.bloodGroup) {
    throw badRequest(MSG.idCardBloodGroupOnRecord(student.bloodGroup), 'BLOOD_GROUP_ON_RECORD', [{ path: 'bloodGroup', message: MSG.idCardBloodGroupOnRecord(student.bloodGroup) }]);
  }
  const [home, current, old, photo, college, logo] = await Promise.all([
    student.sectionId ? academics.sectionsByIds(ctx, [student.sectionId]).then((s) => s[0]) : undefined,
    academics.currentSectionOf(ctx, student.id),
    repo.findLive(ctx.db, student.id),
    photoOf(ctx, student.avatar),
    settings.institutionName(ctx),
    settings.logoImage(ctx),
  ]);
  const where = home ?? current;
  const token = randomBytes(32).toString('base64url');
  const bloodGroup = student.bloodGroup ?? opts?.bloodGroup ?? old?.bloodGroup ?? null;
  const fillsRecord = bloodGroup !== null && student.bloodGroup === null;
  const validUntil = opts?.validUntil ?? defaultValidity(ctx, where?.academicYear);
  const rollNo = student.studentId ?? student.email;
  const face = {
    college,
    logo,
    name: student.name,
    rollNo,
    department: where?.departmentName ?? student.department,
    section: where?.name ?? null,
    bloodGroup,
    validUntil,
    verifyUrl: `${ctx.config.publicUrl}/verify/${token}`,
    photo,
  };
  const png = await renderPng(face);
  // A picture pdfkit cannot read (an unusual PNG) must not stop the card: that PDF shows initials.
  const pdf = await renderPdf(face).catch(() => renderPdf({ ...face, photo: null, logo: null }));
  const base = `idcard-${rollNo}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const pngFile = await files.saveGenerated(ctx, { ownerId: student.id, bytes: png, filename: `${base}.png`, mimeType: 'image/png' });
  const pdfFile = await files.saveGenerated(ctx, { ownerId: student.id, bytes: pdf, filename: `${base}.pdf`, mimeType: 'application/pdf' });
  let card: IdCardRow;
  let revoked: IdCardRow | undefined;
  try {
    ({ card, revoked } = await ctx.db.transaction(async (tx) => {
      if (!(await users.lockActiveUser(ctx, student.id, tx))) throw badRequest(MSG.idCardNotAStudent, 'NOT_AN_ACTIVE_STUDENT');
      const revoked = await repo.revokeLive(tx, student.id);
      const card = await repo.insertCard(tx, { studentId: student.id, tokenHash: sha256(token), pngFileId: pngFile.id, pdfFileId: pdfFile.id, bloodGroup, validUntil, issuedBy: issuerId });
      if (fillsRecord) await users.changeUser(ctx, student.id, { bloodGroup }, tx);
      return { card, revoked };
    }));
  } catch (err) {
    await files.removeFile(ctx, pngFile.id);
    await files.removeFile(ctx, pdfFile.id);
    throw err;
  }
  if (fillsRecord) await users.userChanged(ctx, student.id);
  await removeCardFiles(ctx, revoked);
  return presentCard(card, student, cardUrls(ctx, card));
}

async function removeCardFiles(ctx: AppContext, card: IdCardRow | undefined): Promise<void> {
  if (card?.pngFileId) await files.removeFile(ctx, card.pngFileId);
  if (card?.pdfFileId) await files.removeFile(ctx, card.pdfFileId);
}

/** POST /idcards/generate {sectionId}: a card for every student on the section's roster (404 unknown section, 400 none). */
export async function generateSection(ctx: AppContext, issuerId: string, sectionId: string, validUntil?: string): Promise<IdCard[]> {
  if ((await academics.sectionsByIds(ctx, [sectionId])).length === 0) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
  const roster = await academics.sectionRoster(ctx, sectionId);
  if (roster.length === 0) throw badRequest(MSG.idCardNoStudents, 'SECTION_EMPTY');
  const cards: IdCard[] = [];
  for (const s of roster) cards.push(await generateCard(ctx, issuerId, s.id, validUntil ? { validUntil } : {}));
  return cards;
}

/** DELETE /students/{studentId}/idcard: revokes the live card (404 when none) and removes its files. */
export async function revokeCard(ctx: AppContext, p: Principal, ref: string): Promise<void> {
  const student = await findStudent(ctx, ref);
  const revoked = await ctx.db.transaction(async (tx) => {
    const card = await repo.revokeLive(tx, student.id);
    if (!card) throw notFound(MSG.idCardNotGenerated, 'IDCARD_NOT_GENERATED');
    await audit.record(ctx, p, { action: 'record.deleted', target: { type: 'ID card', id: card.id, label: student.email } }, tx);
    return card;
  });
  await removeCardFiles(ctx, revoked);
}

/**
 * GET /idcards/verify/{token} (public): a live card's holder (name, photo, student ID, valid until)
 * and whether it is still in date; a revoked, replaced or unknown token says only "invalid".
 */
export async function verify(ctx: AppContext, token: string): Promise<VerifyResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return INVALID;
  const card = await repo.findByTokenHash(ctx.db, sha256(token));
  if (!card || card.revokedAt) return INVALID;
  const student = await users.findUser(ctx, card.studentId);
  if (!student || student.status !== 'active') return INVALID;
  const inDate = card.validUntil >= collegeClock(ctx.config.timeZone).date;
  return presentVerified(card, student, inDate);
}

/**
 * Whose live card a scanner read (issue 31's library desk): the QR's payload is the card's verify
 * URL (…/verify/{token}) or the token alone. The student's id, or undefined for any other text,
 * a revoked or replaced card, or an inactive student.
 */
export async function cardHolder(ctx: AppContext, payload: string): Promise<string | undefined> {
  const token = payload.trim().split('/verify/').pop()!.split(/[?#]/)[0]!;
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const card = await repo.findByTokenHash(ctx.db, sha256(token));
  if (!card || card.revokedAt) return undefined;
  const student = await users.findUser(ctx, card.studentId);
  return student?.status === 'active' ? student.id : undefined;
}

/**
 * The card's PNG or PDF for `GET /idcards/{id}/card`: with a valid signed link anyone holding it;
 * otherwise the signed-in student themself or Teacher/Admin/SuperAdmin (401/403). 404 once revoked.
 */
export async function openCard(ctx: AppContext, id: string, reader: { principal: Principal | undefined; link: string | undefined; format: 'png' | 'pdf' }): Promise<{ file: FileRow; stream: Readable }> {
  const card = await repo.findCard(ctx.db, id);
  if (!card || card.revokedAt) throw notFound(MSG.idCardNotFound, 'IDCARD_NOT_FOUND');
  if (reader.link !== undefined) {
    if (!files.linkValid(ctx, linkSubject(id), reader.link)) throw new AppError(403, 'IDCARD_LINK_INVALID', MSG.idCardLinkInvalid);
  } else {
    const p = reader.principal;
    if (!p) throw unauthorized();
    if (p.user.id !== card.studentId && !hasAnyRole(p.user.roles, CARD_READERS)) throw forbidden(MSG.idCardOwnOnly, 'NOT_YOUR_CARD');
  }
  const fileId = reader.format === 'pdf' ? card.pdfFileId : card.pngFileId;
  const opened = fileId ? await files.openChecked(ctx, fileId) : undefined;
  if (!opened) throw notFound(MSG.idCardNotFound, 'IDCARD_NOT_FOUND');
  return opened;
}

/** Teachers may open a live card's files at /files/{id} too (the student and admins already may). */
export async function mayReadFile(ctx: AppContext, p: Principal, file: FileRow): Promise<boolean> {
  if (!hasAnyRole(p.user.roles, CARD_READERS)) return false;
  const card = await repo.findByFile(ctx.db, file.id);
  return !!card && !card.revokedAt;
}

/** The bundled fonts and QR drawing, for the other documents the college issues (transcripts, decision 0044). */
export { pdfFonts, qrCells } from './idcards.render.ts';

/** Demo: cards for every student of the section the demo student is in (only when no card exists yet). */
export async function seedDemoCards(ctx: AppContext, adminId: string, studentId: string): Promise<number> {
  if ((await repo.countLive(ctx.db)) > 0) return 0;
  const where = await academics.currentSectionOf(ctx, studentId);
  if (!where) return 0;
  const blood = ['B+', 'O+', 'A+', 'AB+', 'O-', 'A-'] as const;
  const roster = await academics.sectionRoster(ctx, where.id);
  // A few at a time: one card's PNG is drawn on the thread pool while another's PDF and rows are written.
  for (let i = 0; i < roster.length; i += 4) {
    await Promise.all(roster.slice(i, i + 4).map((s, j) => generateCard(ctx, adminId, s.id, { bloodGroup: blood[(i + j) % blood.length] })));
  }
  return roster.length;
}
