import { z } from 'zod';
import { emailField } from '../fields.ts';
import { MSG } from '../messages.ts';
import { uuidField } from './common.ts';
import type { ImportColumn } from './import.ts';

// Guardians (issue 30 item 3, decision 0052): a parent or guardian linked to one or more students
// by a one-time link code (7 days, stored hashed) or by an Admin; read-only access to the child.

/** How long a link code works. */
export const GUARDIAN_CODE_DAYS = 7;

/** POST /students/{id}/guardian-codes → the code (shown once) and when it stops working. */
export const guardianCodeResponse = z.object({ code: z.string(), expiresAt: z.string() });
export type GuardianCode = z.infer<typeof guardianCodeResponse>;

const codeField = z.string({ error: MSG.guardianCodeRequired }).trim().min(1, MSG.guardianCodeRequired).max(40, MSG.guardianCodeInvalid);
/** POST /guardians/me/children: link another child with their code. */
export const linkChildBody = z.strictObject({ code: codeField });
export type LinkChildBody = z.infer<typeof linkChildBody>;

/** A child as the guardian sees them: enough to ask the student endpoints by id. */
export const childSchema = z.object({
  _id: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  email: z.string(),
  relation: z.string().nullable(),
  linkedAt: z.string(),
});
export type Child = z.infer<typeof childSchema>;
export const childrenResponse = z.object({ children: z.array(childSchema) });
export type ChildrenList = z.infer<typeof childrenResponse>;
export const linkChildResponse = z.object({ message: z.string(), child: childSchema });

/** A guardian as an Admin sees them on the student's page. */
export const guardianSchema = z.object({ _id: z.string(), name: z.string(), email: z.string(), relation: z.string().nullable(), linkedAt: z.string() });
export type Guardian = z.infer<typeof guardianSchema>;
export const guardiansResponse = z.object({ guardians: z.array(guardianSchema) });
export type GuardiansList = z.infer<typeof guardiansResponse>;

const relationField = z.string().trim().max(40, MSG.guardianRelationInvalid).optional();
/** POST /students/{id}/guardians (Admin): link an existing guardian account by email. */
export const linkGuardianBody = z.strictObject({ email: emailField, relation: relationField });
export type LinkGuardianBody = z.infer<typeof linkGuardianBody>;
export const linkGuardianResponse = z.object({ message: z.string(), guardian: guardianSchema });

export const unlinkParams = z.strictObject({ guardianId: uuidField(MSG.guardianNotFound), studentId: uuidField(MSG.studentNotFound) });

/** The guardian-links import's columns (the template's header row): a guardian (made when new, role Guardian) and a student. */
export const GUARDIAN_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'guardianEmail', label: 'Guardian email', required: true, aliases: ['email', 'parentEmail'], example: 'suresh.sharma@example.in' },
  { key: 'guardianName', label: 'Guardian name', aliases: ['name', 'parentName'], example: 'Suresh Sharma' },
  { key: 'studentId', label: 'Student ID', required: true, aliases: ['rollNo', 'student'], example: 'STU001001' },
  { key: 'relation', label: 'Relation', example: 'Father' },
];
