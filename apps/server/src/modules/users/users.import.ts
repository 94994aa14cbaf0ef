import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import { grantableRoles, USER_IMPORT_COLUMNS, userImportRowSchema } from '@crs/shared/schemas/users';
import type { UserImportRow } from '@crs/shared/schemas/users';
import { checkWithSchema } from '../../lib/import/pipeline.ts';
import type { ImportSpec } from '../../lib/import/pipeline.ts';

/** Who owns a student ID now, by the ID in upper case: the owner's email (lower-cased). */
export type StudentIdOwners = ReadonlyMap<string, string>;

/** What a row's department and section cells can name: Academics' departments and sections (newest academic year first). */
export type AcademicDirectory = {
  departments: ReadonlyArray<{ id: string; code: string; name: string }>;
  sections: ReadonlyArray<{ id: string; name: string; departmentId: string; departmentName: string }>;
};
/** A row with its department and section resolved to Academics records (decision 0036). */
export type PlacedImportRow = Omit<UserImportRow, 'department'> & { department: string | null; departmentId: string | null; sectionId: string | null };

/** The department a cell names: by name (any case) first, else by code. */
function departmentNamed(dir: AcademicDirectory, cell: string) {
  const lower = cell.trim().toLowerCase();
  return dir.departments.find((d) => d.name.toLowerCase() === lower) ?? dir.departments.find((d) => d.code.toLowerCase() === lower);
}

/**
 * The users import on the one pipeline (decision 0016): each row checked by the shared row
 * schema, then by the caller's rights (an Admin imports no Admin or SuperAdmin), a student ID
 * only on a Student and never one another account holds. The key is the email: a stored email
 * is skipped, so importing the same file twice creates nobody the second time.
 */
export function userImport(callerRoles: readonly Role[], studentIdOwners: StudentIdOwners, dir: AcademicDirectory): ImportSpec<PlacedImportRow> {
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
      // Department and section are Academics records, named by the cells (decision 0036).
      const department = row.department ? departmentNamed(dir, row.department) : undefined;
      if (row.department && !department) errors.push({ field: 'department', message: MSG.importDepartmentUnknown });
      // Students and Teachers belong to an academic department; an office's people may have none.
      if (!row.department && (row.role === 'Student' || row.role === 'Teacher')) errors.push({ field: 'department', message: MSG.personDepartmentRequired });
      let section: AcademicDirectory['sections'][number] | undefined;
      if (row.section) {
        const named = dir.sections.filter((x) => x.name === row.section!.toUpperCase());
        section = named.find((x) => x.departmentId === department?.id);
        if (row.role !== 'Student') errors.push({ field: 'section', message: MSG.sectionOnlyForStudents });
        else if (named.length === 0) errors.push({ field: 'section', message: MSG.importSectionUnknown });
        else if (department && !section) errors.push({ field: 'section', message: MSG.importSectionOtherDepartment(named[0]!.departmentName) });
      }
      if (errors.length) return { ok: false, errors };
      return { ok: true, value: { ...row, department: department?.name ?? null, departmentId: department?.id ?? null, section: section?.name ?? null, sectionId: section?.id ?? null } };
    },
    key: (row) => row.email,
    // Two people of one file never share a student ID (the database would refuse the whole file).
    unique: [{ field: 'studentId', of: (row) => row.studentId?.toUpperCase() }],
  };
}
