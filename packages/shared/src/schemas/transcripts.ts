import { z } from 'zod';
import { MSG } from '../messages.ts';

// Grade cards and transcripts (issue 27 item 6, decision 0044). A "term" is a semester number (1–10):
// the `semester` of the subjects a student has published results in, as the results module groups
// them (SGPA per semester). A grade card lists one term; a transcript every term with a result.

export const TRANSCRIPT_KINDS = ['gradecard', 'transcript'] as const;
export type TranscriptKind = (typeof TRANSCRIPT_KINDS)[number];

/** `/students/{studentId}/…`: the account id or the student ID (roll number). */
export const transcriptStudentParams = z.strictObject({ studentId: z.string().trim().min(1, MSG.studentNotFound).max(60, MSG.studentNotFound) });
export const gradeCardParams = transcriptStudentParams.extend({ termId: z.coerce.number({ error: MSG.gradeCardTermInvalid }).int(MSG.gradeCardTermInvalid).min(1, MSG.gradeCardTermInvalid).max(10, MSG.gradeCardTermInvalid) });
/** Without `format` the JSON of the document (nothing is issued); `format=pdf` issues it and sends the PDF. */
export const documentQuery = z.strictObject({ format: z.enum(['pdf'], { error: MSG.transcriptFormatInvalid }).optional() });

export const transcriptSubjectSchema = z.object({
  code: z.string(),
  name: z.string(),
  credits: z.number(),
  percent: z.number(),
  grade: z.string(),
  gradePoint: z.number(),
  /** Some of the subject's exams are still unpublished: the result may change. */
  provisional: z.boolean(),
});
export const transcriptTermSchema = z.object({
  term: z.number().int(),
  sgpa: z.number().nullable(),
  credits: z.number(),
  subjects: z.array(transcriptSubjectSchema),
});
/** A grade card (one term) or a transcript (every published term), as the PDF prints it. */
export const transcriptDocumentSchema = z.object({
  kind: z.enum(TRANSCRIPT_KINDS),
  student: z.object({ id: z.string(), name: z.string(), studentId: z.string().nullable(), department: z.string().nullable(), programme: z.string().nullable() }),
  terms: z.array(transcriptTermSchema),
  /** CGPA over every published result (also on a grade card: the standing when it was issued). */
  cgpa: z.number().nullable(),
  totalCredits: z.number(),
});
export type TranscriptDocument = z.infer<typeof transcriptDocumentSchema>;

/** `POST /transcripts/generate`: one PDF with a document per student of the section who has published results. */
export const generateBatchBody = z
  .strictObject({
    sectionId: z.uuid(MSG.sectionNotFound),
    kind: z.enum(TRANSCRIPT_KINDS, { error: MSG.transcriptKindInvalid }),
    termId: z.number().int().min(1, MSG.gradeCardTermInvalid).max(10, MSG.gradeCardTermInvalid).optional(),
    format: z.enum(['pdf'], { error: MSG.transcriptFormatInvalid }).optional().default('pdf'),
  })
  .refine((b) => b.kind !== 'gradecard' || b.termId !== undefined, { message: MSG.transcriptBatchTermRequired, path: ['termId'] });
export type GenerateBatchBody = z.infer<typeof generateBatchBody>;

export const transcriptIdParams = z.strictObject({ id: z.uuid(MSG.transcriptNotFound) });

/** Documents issued for a student (the Admin's list, to revoke one). */
export const issuedSchema = z.object({
  _id: z.string(),
  kind: z.enum(TRANSCRIPT_KINDS),
  term: z.number().nullable(),
  cgpa: z.number().nullable(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type Issued = z.infer<typeof issuedSchema>;
export const issuedListResponse = z.object({ issued: z.array(issuedSchema) });

/** `GET /transcripts/verify/{token}` (public): whether the document is valid and whose it is — nothing else. */
export const transcriptVerifyParams = z.strictObject({ token: z.string().max(100) });
export const transcriptVerifyResponse = z.object({
  valid: z.boolean(),
  status: z.enum(['valid', 'invalid']),
  name: z.string().nullable(),
  studentId: z.string().nullable(),
  issuedAt: z.string().nullable(),
  cgpa: z.number().nullable(),
});
export type TranscriptVerifyResult = z.infer<typeof transcriptVerifyResponse>;
