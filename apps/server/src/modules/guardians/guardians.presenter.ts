import type { Child, Guardian } from '@crs/shared/schemas/guardians';
import type { LinkRow } from './guardians.repository.ts';

type Person = { id: string; name: string; email: string; studentId?: string | null };

/** A linked student as their guardian sees them in the list. */
export const presentChild = (s: Person, l: LinkRow): Child => ({
  _id: s.id,
  name: s.name,
  studentId: s.studentId ?? null,
  email: s.email,
  relation: l.relation,
  linkedAt: l.createdAt.toISOString(),
});

/** A linked guardian as an Admin sees them on the student's page. */
export const presentGuardian = (g: Person, l: LinkRow): Guardian => ({ _id: g.id, name: g.name, email: g.email, relation: l.relation, linkedAt: l.createdAt.toISOString() });
