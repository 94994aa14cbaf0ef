import type { IdCard, IdCardUrl, VerifyResult } from '@crs/shared/schemas/idcards';
import type { IdCardRow } from './idcards.repository.ts';

// An ID card's answers take their shape here. `urls`: the card's own signed addresses (the PNG,
// and the PDF), which the service signs.

export type CardUrls = { url: string; pdfUrl: string };

/** A card just drawn, with its holder's name and roll number. */
export function presentCard(card: IdCardRow, student: { name: string; studentId: string | null }, urls: CardUrls): IdCard {
  return {
    _id: card.id,
    studentId: card.studentId,
    name: student.name,
    rollNo: student.studentId,
    bloodGroup: card.bloodGroup,
    validUntil: card.validUntil,
    issuedAt: card.issuedAt.toISOString(),
    ...urls,
  };
}

/** A student's live card as its links. */
export const presentCardUrl = (card: IdCardRow, urls: CardUrls): IdCardUrl => ({ ...urls, validUntil: card.validUntil, issuedAt: card.issuedAt.toISOString() });

/** What the public verify page learns of a token that is not a live card: only that. */
export const INVALID: VerifyResult = { valid: false, status: 'invalid', name: null, studentId: null, validUntil: null, photoUrl: null };

/** A live card's holder and whether the card is still in date. */
export const presentVerified = (card: IdCardRow, holder: { name: string; studentId: string | null; avatar: string | null }, inDate: boolean): VerifyResult => ({
  valid: inDate,
  status: inDate ? 'valid' : 'expired',
  name: holder.name,
  studentId: holder.studentId,
  validUntil: card.validUntil,
  photoUrl: holder.avatar,
});
