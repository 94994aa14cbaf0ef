import { AUDIT_CONSOLE_ACTOR } from '@crs/shared/schemas/audit';
import type { AuditAction, AuditList, AuditQuery, FieldChange } from '@crs/shared/schemas/audit';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Principal } from '../../plugins/access.ts';
import { presentEntry } from './audit.presenter.ts';
import * as repo from './audit.repository.ts';

// The audit log (issue 14 item 2, decision 0032). Any module records what it did through
// `record`, inside the transaction of the change when there is one, so an action that rolls back
// leaves no entry and one that commits always has its entry. This module uses no other module.

/**
 * Who acted: the signed-in principal (its address from principalOf), an account acting without a
 * session (a password reset through its link: the account and the request's address), an
 * anonymous attempt with the email it gave, or the server's command line (CONSOLE_ACTOR).
 */
export type AuditActor =
  | (Pick<Principal, 'ip'> & { user: Pick<Principal['user'], 'id' | 'name' | 'email'> })
  | { anonymous: true; email: string | null; ip: string | null }
  | { console: true };

/** The command line (`npm run crs -- …`), run by whoever operates the server: shown as AUDIT_CONSOLE_ACTOR. */
export const CONSOLE_ACTOR: AuditActor = { console: true };

/** What was acted on: a kind ('user', 'book', 'alumnus', 'notice', 'settings' ...), its id and a readable label. */
export type AuditTarget = { type: string; id?: string | null; label?: string | null };

export type AuditEvent = {
  action: AuditAction;
  target?: AuditTarget;
  /** The before and after of each changed field (`changesOf`); never a secret. */
  changes?: Record<string, FieldChange>;
  /** Counts, filters, a reason: small and never a secret. */
  details?: Record<string, unknown>;
};

const actorOf = (by: AuditActor) =>
  'console' in by
    ? { actorId: null, actorName: AUDIT_CONSOLE_ACTOR, actorEmail: null, ip: null }
    : 'anonymous' in by
      ? { actorId: null, actorName: null, actorEmail: by.email, ip: by.ip }
      : { actorId: by.user.id, actorName: by.user.name, actorEmail: by.user.email, ip: by.ip ?? null };

const valuesOf = (by: AuditActor, event: AuditEvent): repo.AuditValues => ({
  action: event.action,
  ...actorOf(by),
  targetType: event.target?.type ?? null,
  targetId: event.target?.id ?? null,
  targetLabel: event.target?.label ?? null,
  changes: event.changes ?? {},
  details: event.details ?? {},
});

/** Appends one entry; pass the transaction of the change it records. */
export async function record(ctx: AppContext, by: AuditActor, event: AuditEvent, tx: Executor = ctx.db): Promise<void> {
  await repo.insertEntries(tx, [valuesOf(by, event)]);
}

/** Appends one entry per event in one statement (a bulk deletion: one entry per record). */
export async function recordMany(ctx: AppContext, by: AuditActor, events: readonly AuditEvent[], tx: Executor = ctx.db): Promise<void> {
  if (events.length > 0) await repo.insertEntries(tx, events.map((e) => valuesOf(by, e)));
}

/**
 * Appends the entry unless the same action by the same actor email from the same address was
 * recorded within `minutes`: a refused flood (sign-in throttling) leaves one entry per window,
 * not one per request.
 */
export async function recordOncePer(ctx: AppContext, minutes: number, by: AuditActor, event: AuditEvent): Promise<void> {
  const v = valuesOf(by, event);
  if (await repo.recentlyRecorded(ctx.db, v.action, v.actorEmail ?? null, v.ip ?? null, minutes)) return;
  await repo.insertEntries(ctx.db, [v]);
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** The fields among `fields` whose value differs between `before` and `after`, as `{field: {from, to}}`. */
export function changesOf<T extends object>(before: T, after: T, fields: ReadonlyArray<keyof T & string>): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    const from = comparable(before[field]);
    const to = comparable(after[field]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** One page of entries matching the filters, newest first. */
export async function listEntries(ctx: AppContext, q: AuditQuery): Promise<AuditList> {
  const { rows, total } = await repo.listEntries(ctx.db, q, ctx.config.timeZone);
  return { entries: rows.map(presentEntry), total, timeZone: ctx.config.timeZone };
}

/** How long entries are kept when nobody has chosen (Settings may change it; never under 30 days). */
export const DEFAULT_RETENTION_DAYS = 365;

/** Removes entries older than `days` days (the retention; at least 30, the table's own floor). */
export const purgeOlderThan = (ctx: AppContext, days: number): Promise<number> => repo.purgeOlderThan(ctx.db, Math.max(30, days));
