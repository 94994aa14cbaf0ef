import type { Issued, TranscriptVerifyResult } from '@crs/shared/schemas/transcripts';
import type { TranscriptRow } from './transcripts.repository.ts';

/** What verification says of a revoked or unknown token: invalid, and nothing more. */
export const INVALID: TranscriptVerifyResult = { valid: false, status: 'invalid', name: null, studentId: null, issuedAt: null, cgpa: null };

const cgpaOf = (row: TranscriptRow) => (row.cgpa === null ? null : Number(row.cgpa));

export const presentVerified = (row: TranscriptRow, student: { name: string; studentId: string | null }): TranscriptVerifyResult => ({
  valid: true,
  status: 'valid',
  name: student.name,
  studentId: student.studentId,
  issuedAt: row.issuedAt.toISOString(),
  cgpa: cgpaOf(row),
});

export const presentIssued = (row: TranscriptRow): Issued => ({
  _id: row.id,
  kind: row.kind as Issued['kind'],
  term: row.term,
  cgpa: cgpaOf(row),
  issuedAt: row.issuedAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
