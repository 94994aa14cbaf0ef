import type { AuditAction, AuditList, AuditQuery, FieldChange } from '@crs/shared/schemas/audit';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Principal } from '../../plugins/access.ts';
import { presentEntry } from './audit.presenter.ts';
import * as repo from './audit.repository.ts';

// The audit log (issue 14 item 2, decision 0032). Any module records what it did through
// `record`, inside the transaction of the change when there is one, so an action that rolls back
// leaves no entry and one that commits always has its entry. This module uses no other module.

/** Who acted: the signed-in principal (its address from principalOf), or an anonymous attempt with the email it gave. */
export type AuditActor = Principal | { anonymous: true; email: string | null; ip: string | null };

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

/** Appends one entry; pass the transaction of the change it records. */
export async function record(ctx: AppContext, by: AuditActor, event: AuditEvent, tx: Executor = ctx.db): Promise<void> {
  const actor = 'anonymous' in by ? { actorId: null, actorName: null, actorEmail: by.email, ip: by.ip } : { actorId: by.user.id, actorName: by.user.name, actorEmail: by.user.email, ip: by.ip ?? null };
  await repo.insertEntry(tx, {
    action: event.action,
    ...actor,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label ?? null,
    changes: event.changes ?? {},
    details: event.details ?? {},
  });
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
  return { entries: rows.map(presentEntry), total };
}

/** How long entries are kept when nobody has chosen (Settings may change it; never under 30 days). */
export const DEFAULT_RETENTION_DAYS = 365;

/** Removes entries older than `days` days (the retention; at least 30, the table's own floor). */
export const purgeOlderThan = (ctx: AppContext, days: number): Promise<number> => repo.purgeOlderThan(ctx.db, Math.max(30, days));
