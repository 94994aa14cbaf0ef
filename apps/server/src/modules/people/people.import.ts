import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { grantableRoles, USER_IMPORT_COLUMNS, userImportRowSchema } from '@crs/shared/schemas/users';
import type { UserImportRow } from '@crs/shared/schemas/users';
import { checkWithSchema } from '../../lib/import/pipeline.ts';
import type { ImportSpec } from '../../lib/import/pipeline.ts';

/** Who owns a student ID now, by the ID in upper case: the owner's email (lower-cased). */
export type StudentIdOwners = ReadonlyMap<string, string>;

/**
 * The users import on the one pipeline (decision 0016): each row checked by the shared row
 * schema, then by the caller's rights (an Admin imports no Admin or SuperAdmin), a student ID
 * only on a Student and never one another account holds. The key is the email: a stored email
 * is skipped, so importing the same file twice creates nobody the second time.
 */
export function userImport(callerRoles: readonly Role[], studentIdOwners: StudentIdOwners): ImportSpec<UserImportRow> {
  const grantable = grantableRoles(callerRoles);
  return {
    columns: USER_IMPORT_COLUMNS,
    check(cells) {
      const input: Record<string, string> = {};
      for (const [k, v] of cells) if (v !== '') input[k] = v;
      const r = checkWithSchema(userImportRowSchema, input);
      if (!r.ok) return r;
      const row = r.value;
      const errors: Array<{ field: string; message: string }> = [];
      if (!grantable.includes(row.role)) errors.push({ field: 'role', message: MSG.onlySuperAdminGrantsAdmin });
      if (row.studentId) {
        if (row.role !== 'Student') errors.push({ field: 'studentId', message: MSG.studentIdOnlyForStudents });
        else {
          const owner = studentIdOwners.get(row.studentId);
          if (owner !== undefined && owner !== row.email) errors.push({ field: 'studentId', message: MSG.studentIdTaken });
        }
      }
      return errors.length ? { ok: false, errors } : { ok: true, value: row };
    },
    key: (row) => row.email,
    // Two people of one file never share a student ID (the database would refuse the whole file).
    unique: [{ field: 'studentId', of: (row) => row.studentId?.toUpperCase() }],
  };
}
