import { z } from 'zod';
import { emailField, nameField, NAME_MAX } from '../fields.ts';
import { MSG } from '../messages.ts';
import { ACCOUNT_STATUSES, ROLES } from '../roles.ts';
import type { Role } from '../roles.ts';
import { userSchema } from './auth.ts';
import { pagedResponse, pageQuery, uuidField } from './common.ts';
import type { ImportColumn } from './import.ts';

/** The filters of the people lists and the export (Admin, SuperAdmin; issue 14). */
const userFilters = {
  status: z.enum(ACCOUNT_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
  /** Words matched anywhere in name, email, student ID or employee ID. */
  q: z.string().trim().max(100).optional(),
  /** Exact department (any case), e.g. "Computer Science and Engineering". */
  department: z.string().trim().max(NAME_MAX).optional(),
  /** Exact section label (any case), e.g. "CSE-3A". */
  section: z.string().trim().max(40).optional(),
};

/** GET /users: filter and page (Admin, SuperAdmin). */
export const listUsersQuery = z.strictObject({ ...userFilters, ...pageQuery });
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

/** GET /users/export?format=xlsx|csv plus the list's filters. */
export const exportUsersQuery = z.strictObject({ ...userFilters, format: z.enum(['xlsx', 'csv']).default('xlsx') });
export type ExportUsersQuery = z.infer<typeof exportUsersQuery>;
export type UserFilters = Omit<ListUsersQuery, 'page' | 'pageSize'>;

/** Roles only a SuperAdmin may grant or remove, and accounts only a SuperAdmin may change. */
export const PRIVILEGED_ROLES: readonly Role[] = ['Admin', 'SuperAdmin'];
/** The roles an Admin manages. */
export const ADMIN_MANAGED_ROLES: readonly Role[] = ['Student', 'Teacher', 'Staff', 'Librarian'];
/** The roles `callerRoles` may grant: every role for a SuperAdmin, ADMIN_MANAGED_ROLES for an Admin. */
export const grantableRoles = (callerRoles: readonly Role[]): readonly Role[] => (callerRoles.includes('SuperAdmin') ? ROLES : ADMIN_MANAGED_ROLES);

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-/]{0,29}$/;
/** A blank optional cell or field is "none" (null). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, tooLong: string) => z.preprocess(blankToNull, z.string().trim().max(max, tooLong).nullable()).optional();
const optionalId = (invalid: string) =>
  z.preprocess(blankToNull, z.string().trim().regex(ID_PATTERN, invalid).transform((s) => s.toUpperCase()).nullable()).optional();

/** An Academics record chosen from its list: its id, or blank/null for none. */
const optionalRef = (invalid: string) => z.preprocess(blankToNull, uuidField(invalid).nullable()).optional();
/**
 * The department and section come from Academics' lists as ids (decision 0036); a name typed in
 * `department` or `section` is refused with 400 naming the field.
 */
const refusedText = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === ''), { error: message })
    .optional();

/** The person's details an administrator edits (POST /users, PATCH /users/{id}, each import row). */
export const userFields = {
  name: nameField,
  email: emailField,
  phone: z.preprocess(blankToNull, z.string().trim().regex(/^\d{10}$/, MSG.phoneDigits).nullable()).optional(),
  /** An Academics department (GET /academics/departments). */
  departmentId: optionalRef(MSG.departmentNotFound),
  /** A Student's section (GET /academics/sections): their enrolment; its department becomes theirs. */
  sectionId: optionalRef(MSG.sectionNotFound),
  department: optionalText(NAME_MAX, MSG.departmentTooLong),
  section: optionalText(40, MSG.sectionTooLong),
  studentId: optionalId(MSG.studentIdInvalid),
  employeeId: optionalId(MSG.employeeIdInvalid),
  bloodGroup: z.preprocess(blankToNull, z.enum(BLOOD_GROUPS, { error: MSG.bloodGroupInvalid }).nullable()).optional(),
};
const rolesField = z.array(z.enum(ROLES, { error: MSG.importRoleInvalid }), { error: MSG.rolesRequired }).min(1, MSG.rolesRequired).max(ROLES.length).transform((r) => [...new Set(r)]);

/** The fields a form or API call sets directly (department and section by id). */
const editableFields = {
  name: userFields.name,
  email: userFields.email,
  phone: userFields.phone,
  departmentId: userFields.departmentId,
  sectionId: userFields.sectionId,
  department: refusedText(MSG.departmentFromList),
  section: refusedText(MSG.sectionFromList),
  studentId: userFields.studentId,
  employeeId: userFields.employeeId,
  bloodGroup: userFields.bloodGroup,
};

/** POST /users: a new active account; the person is mailed a link to set their password. */
export const createUserSchema = z.strictObject({ ...editableFields, roles: rolesField });
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /users/{id}: any of the person's fields and the roles. */
export const updateUserSchema = z.strictObject({
  name: userFields.name.optional(),
  email: userFields.email.optional(),
  phone: userFields.phone,
  departmentId: userFields.departmentId,
  sectionId: userFields.sectionId,
  department: editableFields.department,
  section: editableFields.section,
  studentId: userFields.studentId,
  employeeId: userFields.employeeId,
  bloodGroup: userFields.bloodGroup,
  roles: rolesField.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** A person as the administration pages show them: the public user plus the office's fields. */
export const adminUserSchema = userSchema.extend({
  /** The Academics department (null: none, or a legacy name no department matched: `department` keeps it). */
  departmentId: z.string().nullable(),
  /** A Student's section, their enrolment (null: none, or a legacy name: `section` keeps it). */
  sectionId: z.string().nullable(),
  section: z.string().nullable(),
  employeeId: z.string().nullable(),
  bloodGroup: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listAdminUsersResponse = pagedResponse('users', adminUserSchema);
export const adminUserResponse = z.object({ message: z.string(), user: adminUserSchema });
export const departmentsResponse = z.object({ departments: z.array(z.string()) });

/** GET /users/unmatched: people whose legacy department or section text matched no Academics record (never dropped). */
export const unmatchedUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** The unmatched text, or null when this field matched (or is empty). */
  department: z.string().nullable(),
  section: z.string().nullable(),
});
export type UnmatchedUser = z.infer<typeof unmatchedUserSchema>;
export const unmatchedUsersResponse = z.object({ users: z.array(unmatchedUserSchema), total: z.number().int() });

/** POST /users/import: the columns (issue 14: name, email, role, department; optional phone, section, studentId). */
export const USER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'name', label: 'Name', required: true, aliases: ['Full Name'], example: 'Ananya Gupta' },
  { key: 'email', label: 'Email', required: true, aliases: ['Email Address', 'E-mail'], example: 'ananya.gupta@college.edu.in', hint: 'an account with this email already is left as it is' },
  { key: 'role', label: 'Role', required: true, example: 'Student', hint: 'Student, Teacher, Staff or Librarian (Admin and SuperAdmin: SuperAdmin only)' },
  { key: 'department', label: 'Department', required: true, aliases: ['Dept'], example: 'Computer Science and Engineering', hint: "an Academics department's name or code; may be blank for Staff, Librarian and administrators" },
  { key: 'phone', label: 'Phone', aliases: ['Mobile', 'Phone Number'], example: '9845011122' },
  { key: 'section', label: 'Section', aliases: ['Class'], example: 'CSE-3A', hint: "Students only: an Academics section's name; the student is enrolled in it" },
  { key: 'studentId', label: 'Student ID', aliases: ['Roll No', 'USN'], example: 'STU002301', hint: 'blank: the next student number is given' },
];

/** One import row, checked like the create form (role: one role name, any case). */
export const userImportRowSchema = z.strictObject({
  name: userFields.name,
  email: userFields.email,
  role: z.string().trim().transform((r, c) => {
    const role = ROLES.find((x) => x.toLowerCase() === r.toLowerCase());
    if (!role) {
      c.addIssue({ code: 'custom', message: MSG.importRoleInvalid });
      return z.NEVER;
    }
    return role;
  }),
  /** Required for Students and Teachers (the import's check); an office's Staff, Librarian or administrator may have none (decision 0036). */
  department: optionalText(NAME_MAX, MSG.departmentTooLong),
  phone: userFields.phone,
  section: userFields.section,
  studentId: userFields.studentId,
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;

export const listUsersResponse = pagedResponse('users', userSchema);
export const userResponse = z.object({ message: z.string(), user: userSchema });

/** GET /stats/overview (Admin, SuperAdmin): active accounts per role and pending sign-ups. */
export const overviewStatsSchema = z.object({
  students: z.number().int(),
  teachers: z.number().int(),
  staff: z.number().int(),
  librarians: z.number().int(),
  admins: z.number().int(),
  pendingApprovals: z.number().int(),
  totalUsers: z.number().int(),
  /** Jobs open for applications now (placement, issue 13). */
  openJobs: z.number().int(),
});
export type OverviewStats = z.infer<typeof overviewStatsSchema>;

/** GET /stats/system (SuperAdmin). */
export const systemStatsSchema = z.object({
  uptimeSeconds: z.number(),
  databaseBytes: z.number(),
  activeSessions: z.number().int(),
  database: z.enum(['pglite', 'postgresql']),
});
export type SystemStats = z.infer<typeof systemStatsSchema>;
