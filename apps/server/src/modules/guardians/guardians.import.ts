import { MSG } from '@crs/shared/messages';
import { emailField, nameField } from '@crs/shared/fields';
import { GUARDIAN_IMPORT_COLUMNS } from '@crs/shared/schemas/guardians';
import type { ImportSpec } from '../../lib/import/pipeline.ts';
import type { UserCard } from '../users/users.service.ts';

/** One checked row: the guardian (by email; `name` for a new account), the student's account id, the relation. */
export type GuardianImportRow = { email: string; name: string; studentId: string; relation: string | null };

/**
 * Guardian links on the one import pipeline: the guardian's email (an existing account must hold
 * the Guardian role; a new one needs a name), a student ID naming a Student, a relation of at most
 * 40 characters. The natural key is the pair, so a re-imported row skips.
 */
export function guardianImport(known: ReadonlyMap<string, UserCard>): ImportSpec<GuardianImportRow> {
  return {
    columns: GUARDIAN_IMPORT_COLUMNS,
    check(cells) {
      const errors: Array<{ field: string; message: string }> = [];
      const email = emailField.safeParse(cells.get('guardianEmail') ?? '');
      const guardian = email.success ? known.get(email.data.toLowerCase()) : undefined;
      if (!email.success) errors.push({ field: 'guardianEmail', message: email.error.issues[0]!.message });
      else if (guardian && !guardian.roles.includes('Guardian')) errors.push({ field: 'guardianEmail', message: MSG.guardianEmailNotGuardian });
      const nameCell = cells.get('guardianName') ?? '';
      const name = nameField.safeParse(nameCell);
      if (!guardian && !name.success) errors.push({ field: 'guardianName', message: nameCell === '' ? MSG.guardianImportName : name.error.issues[0]!.message });
      const student = known.get((cells.get('studentId') ?? '').toLowerCase());
      if (!student || !student.roles.includes('Student') || !student.studentId) errors.push({ field: 'studentId', message: MSG.guardianImportStudent });
      const relation = cells.get('relation') ?? '';
      if (relation.length > 40) errors.push({ field: 'relation', message: MSG.guardianRelationInvalid });
      if (errors.length) return { ok: false, errors };
      return { ok: true, value: { email: email.data!.toLowerCase(), name: guardian?.name ?? name.data!, studentId: student!.id, relation: relation || null } };
    },
    key: (r) => `${r.email}|${r.studentId}`,
  };
}
