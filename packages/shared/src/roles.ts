/** Every role CRS knows. Role names are case-sensitive everywhere (spec section 2). */
export const ROLES = ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin', 'Librarian', 'Guardian'] as const;
export type Role = (typeof ROLES)[number];

/** The only roles a visitor may pick on the sign-up form. */
export const SELF_REGISTER_ROLES = ['Student', 'Teacher', 'Staff'] as const satisfies readonly Role[];
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

/** Sign-ups with these roles wait for an Admin's approval (unless approval is off). */
export const APPROVAL_ROLES: readonly Role[] = ['Teacher', 'Staff'];

/** Who may approve or reject pending sign-ups. */
export const ACCOUNT_MANAGERS: readonly Role[] = ['Admin', 'SuperAdmin'];

/** Faculty: who may see private alumni profiles and manage alumni. */
export const FACULTY: readonly Role[] = ['Teacher', 'Staff', 'Admin', 'SuperAdmin'];

/** Everyone who may search the catalogue and see their own loans (spec section 2: /library). */
export const LIBRARY_READERS: readonly Role[] = ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin', 'Librarian'];
/**
 * Who may call borrow, return and renew: a Student for themself (self-service), the desk
 * (Librarian, Admin, SuperAdmin) for anyone. Teachers and Staff only view (spec help card).
 */
export const LIBRARY_BORROWERS: readonly Role[] = ['Student', 'Librarian', 'Admin', 'SuperAdmin'];

/** Who runs the library's circulation desk. */
export const LIBRARY_STAFF: readonly Role[] = ['Librarian', 'Admin', 'SuperAdmin'];

export const ACCOUNT_STATUSES = ['active', 'pending', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `roles` holds at least one of `allowed`; an empty `allowed` list lets anyone pass. */
export function hasAnyRole(roles: readonly string[], allowed: readonly Role[]): boolean {
  return allowed.length === 0 || roles.some((r) => (allowed as readonly string[]).includes(r));
}

// The role groups of spec section 2's route table (ROUTE_ROLES in routes.ts reads them).
/** An empty list: any signed-in user passes. */
export const ANY_SIGNED_IN: readonly Role[] = [];
/** Who may read the alumni directory (/alumni). */
export const ALUMNI_READERS: readonly Role[] = ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin'];
/** The admin area (/dashboard/admin...). */
export const ADMINS: readonly Role[] = ['Admin', 'SuperAdmin'];
/** The student dashboard, which admins may also open. */
export const STUDENT_AREA: readonly Role[] = ['Student', 'Admin', 'SuperAdmin'];
export const STUDENT_ONLY: readonly Role[] = ['Student'];
/** The teacher dashboard and its shared pages, which admins may also open. */
export const TEACHER_AREA: readonly Role[] = ['Teacher', 'Admin', 'SuperAdmin'];
export const TEACHER_ONLY: readonly Role[] = ['Teacher'];
export const STAFF_AREA: readonly Role[] = ['Staff', 'Admin', 'SuperAdmin'];
export const SUPERADMIN_ONLY: readonly Role[] = ['SuperAdmin'];

/** Who manages the academic structure (departments … timetable; issue 11). */
export const ACADEMIC_MANAGERS: readonly Role[] = ['Admin', 'SuperAdmin'];
/** Who may take and correct attendance: a Teacher for their own classes, Admin/SuperAdmin for any. */
export const ATTENDANCE_TAKERS: readonly Role[] = ['Teacher', 'Admin', 'SuperAdmin'];
/** Who may read a student's attendance (a Student only their own, a Teacher only their sections'). */
export const ATTENDANCE_READERS: readonly Role[] = ['Student', 'Teacher', 'Admin', 'SuperAdmin', 'Guardian'];

/** A parent or guardian (issue 30): reads only the students linked to them (guardians module), read-only. */
export const GUARDIAN_ONLY: readonly Role[] = ['Guardian'];
/** Who may make a guardian link code for a student: the student themself or a manager. */
export const GUARDIAN_CODE_MAKERS: readonly Role[] = ['Student', 'Admin', 'SuperAdmin'];

/**
 * Who may read any student's record by the student (issue 25): the ID card, and the dashboard's
 * attendance, results, upcoming exams and loans. A Student reads only their own (the spec's
 * /dashboard/student/idcard admits Student, Teacher, Admin, SuperAdmin; decision 0027).
 */
export const STUDENT_RECORD_READERS: readonly Role[] = ['Teacher', 'Admin', 'SuperAdmin'];

/** Who publishes notices (issue 13): Staff, Admin, SuperAdmin. */
export const NOTICE_PUBLISHERS: readonly Role[] = ['Staff', 'Admin', 'SuperAdmin'];
/** The placement cell (issue 13): posts jobs, sees applicants, changes their status, exports them. */
export const PLACEMENT_CELL: readonly Role[] = ['Staff', 'Admin', 'SuperAdmin'];
