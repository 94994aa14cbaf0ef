import { z } from 'zod';
import { MSG } from '../messages.ts';
import { BLOOD_GROUPS } from './users.ts';

// Digital ID cards (issue 13 item 2, decision 0027): made by an Admin for one student or a whole
// section, kept as a PNG and a PDF; the QR code opens /verify/{token}.

/** The blood groups a person's record holds (users schema); a card may be given one too. */
export { BLOOD_GROUPS };

/** `POST /students/{id}/idcard` and `POST /idcards/generate`: optional blood group and validity (else kept / end of the academic year). */
const cardOptions = {
  bloodGroup: z.enum(BLOOD_GROUPS, { error: MSG.bloodGroupInvalid }).optional(),
  validUntil: z.iso.date(MSG.validUntilInvalid).optional(),
};
export const generateCardBody = z.strictObject(cardOptions).nullish();
export type GenerateCardBody = z.infer<typeof generateCardBody>;
export const generateSectionBody = z.strictObject({ sectionId: z.uuid(MSG.sectionNotFound), validUntil: cardOptions.validUntil });

export const studentIdParams = z.strictObject({ studentId: z.uuid(MSG.studentNotFound) });
/** `?format=pdf` for the PDF (else the PNG), `download=1` to save it. */
export const cardFileQuery = z.strictObject({
  format: z.enum(['png', 'pdf']).optional().default('png'),
  download: z.enum(['0', '1']).optional(),
  t: z.string().max(200).optional(),
});
export const cardParams = z.strictObject({ id: z.uuid(MSG.idCardNotFound) });

/** A card as the Admin sees it after generating. */
export const idCardSchema = z.object({
  _id: z.string(),
  studentId: z.string(),
  name: z.string(),
  rollNo: z.string().nullable(),
  bloodGroup: z.string().nullable(),
  validUntil: z.string(),
  issuedAt: z.string(),
  /** Opens the PNG for an hour without a token; add `&format=pdf` for the PDF. */
  url: z.string(),
  pdfUrl: z.string(),
});
export type IdCard = z.infer<typeof idCardSchema>;

/** `GET /students/{id}/idcard` (spec: url). */
export const idCardUrlResponse = z.object({ url: z.string(), pdfUrl: z.string(), validUntil: z.string(), issuedAt: z.string() });
export type IdCardUrl = z.infer<typeof idCardUrlResponse>;
export const idCardResponse = z.object({ message: z.string(), card: idCardSchema });
export const sectionCardsResponse = z.object({ message: z.string(), generated: z.number().int(), cards: z.array(idCardSchema) });

/** `GET /idcards/verify/{token}` (public): only whether the card is valid and whose it is. */
export const verifyParams = z.strictObject({ token: z.string().max(100) });
export const verifyResponse = z.object({
  valid: z.boolean(),
  /** valid, expired (past its date), or invalid (revoked, replaced or unknown: nothing else is said). */
  status: z.enum(['valid', 'expired', 'invalid']),
  name: z.string().nullable(),
  studentId: z.string().nullable(),
  validUntil: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type VerifyResult = z.infer<typeof verifyResponse>;
