/**
 * Users: administered by Admin and SuperAdmin on the People pages (issue 14, decision 0029), with their mails. Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const USERS_MSG = {
  // The Staff dashboard's 'accounts waiting for approval' task (issue 25 item 9): a link for those who approve, else who does.
  approvalsReview: 'Review sign-ups',
  approvalsWho: 'An Admin or SuperAdmin approves them',
  userNotFound: 'User not found',
  userCreated: 'User created; a link to set the password has been mailed',
  userUpdated: 'User updated',
  userDisabled: 'User disabled; their sessions have ended',
  userEnabled: 'User enabled',
  resetLinkSent: 'A password reset link has been mailed',
  rolesRequired: 'Choose at least one role',
  onlySuperAdminGrantsAdmin: 'Only a SuperAdmin can grant or remove the Admin and SuperAdmin roles',
  onlySuperAdminManagesAdmins: 'Only a SuperAdmin can change an Admin or SuperAdmin account',
  lastSuperAdmin: 'This is the last active SuperAdmin: make another SuperAdmin first',
  cannotDisableSelf: 'You cannot disable your own account',
  userAlreadyDisabled: 'This account is already disabled',
  userNotDisabled: 'Only a disabled account can be enabled',
  userDisabledEnableFirst: 'This account is disabled: enable it first',
  userPendingUseApprove: 'This sign-up is waiting for approval: approve or reject it instead',
  studentIdTaken: 'Another account has this student ID',
  employeeIdTaken: 'Another account has this employee ID',
  studentIdInvalid: 'Student ID may use letters, digits, - and / (at most 30)',
  employeeIdInvalid: 'Employee ID may use letters, digits, - and / (at most 30)',
  bloodGroupInvalid: 'Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-',
  departmentTooLong: 'Department too long',
  personDepartmentRequired: 'Department is required',
  sectionTooLong: 'Section too long',
  importRoleInvalid: 'Role must be Student, Teacher, Staff, Librarian, Admin or SuperAdmin',
  studentIdOnlyForStudents: 'Only a Student has a student ID',
  sectionOnlyForStudents: 'Only a Student has a section',
  departmentFromList: 'Choose the department from the list (departmentId)',
  sectionFromList: 'Choose the section from the list (sectionId)',
  sectionNotInDepartment: (section: string, department: string) => `Section ${section} is not in ${department}: choose one of its sections`,
  importDepartmentUnknown: 'No department has this name or code',
  importSectionUnknown: 'No section has this name',
  importSectionOtherDepartment: (department: string) => `This section is in another department (${department})`,
  unmatchedNotice: (n: number) =>
    `${n} ${n === 1 ? 'person has a department or section' : 'people have a department or section'} that matches nothing in Academics (kept as typed): choose it from the list in their record.`,
  welcomeMailSubject: 'Your CRS account is ready',
  welcomeMailText: (name: string, hours: number, link: string) =>
    `Hello ${name},\n\nAn account has been made for you on the College Resource System.\n` +
    `Open this link within ${hours} hours to choose your password:\n\n${link}\n\n` +
    'If the link has expired, use "Forgot password" on the sign-in page with this address.\n',
  resetMailSubject: 'Reset your CRS password',
  resetMailText: (name: string, minutes: number, link: string) =>
    `Hello ${name},\n\nSomeone asked to reset the password of your College Resource System account.\n` +
    `Open this link within ${minutes} minutes to choose a new password:\n\n${link}\n\n` +
    'If you did not ask for this, ignore this mail; your password stays as it is.\n',
} as const;
