import { z } from 'zod';
import { MSG } from '../messages.ts';
import { dateField } from './academics.ts';
import { pageQuery } from './common.ts';
import { AUDIT_ACTION_NAMES } from '../constants/audit.ts';

/**
 * The audit log (issue 14 item 2, decision 0032): an append-only record of security-relevant and
 * destructive actions. Each entry says who (the signed-in account, or for an anonymous attempt the
 * email it gave), when, what (an action of the list below and its target), from which address, and
 * for a change the before and after of each changed field.
 */

export { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, AUDIT_CONSOLE_ACTOR, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '../constants/audit.ts';

/** A changed field: its value before and after (secrets are never recorded). */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** When, ISO 8601. */
  at: z.string(),
  action: z.enum(AUDIT_ACTION_NAMES),
  /** Who: the account (null id for an anonymous attempt, whose email is the one it gave). */
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  /** The client's address as the server saw it (behind a proxy: as TRUST_PROXY allows). */
  ip: z.string().nullable(),
  /** What was acted on: a kind ('user', 'book', 'alumnus', 'notice', 'settings' ...), its id and a readable label. */
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  /** The before and after of each changed field. */
  changes: z.record(z.string(), fieldChangeSchema),
  /** Anything else worth keeping: counts of an import, the filters of an export, a reason. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * GET /audit?actor=&action=&target=&from=&to=&page=&pageSize= — `actor` matches a name or an email
 * (part of it) or is an account id; `target` is the exact kind of what was acted on ('alumnus').
 */
export const auditQuery = z
  .strictObject({
    actor: z.string().trim().max(254).optional(),
    action: z.enum(AUDIT_ACTION_NAMES, { error: MSG.auditActionUnknown }).optional(),
    target: z.string().trim().max(60).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
    ...pageQuery,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.rangeOrder, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuery>;

/** `timeZone`: the college's (IANA), in which the System Logs page shows each entry's time and the day filters count. */
export const auditListResponse = z.object({ entries: z.array(auditEntrySchema), total: z.number().int(), timeZone: z.string() });
export type AuditList = z.infer<typeof auditListResponse>;
