import type { AuditAction, AuditEntry } from '@crs/shared/schemas/audit';
import type { AuditRow } from './audit.repository.ts';

// An audit entry's one answer shape.

export function presentEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as AuditAction,
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    ip: row.ip,
    target: row.targetType ? { type: row.targetType, id: row.targetId, label: row.targetLabel } : null,
    changes: row.changes,
    details: row.details,
  };
}
