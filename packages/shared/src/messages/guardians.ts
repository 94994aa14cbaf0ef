/**
 * Guardians (issue 30 item 3) and absence alerts (item 4): link codes, the guardian's children,
 * the guardian dashboard, the student's and the admin's cards. Part of MSG (../messages.ts).
 */
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const GUARDIANS_MSG = {
  guardianCodeRequired: 'Link code is required',
  guardianCodeInvalid: 'This link code is not valid, has expired or was already used',
  guardianCodeOwnOnly: 'You can only make a link code for yourself',
  guardianAlreadyLinked: 'This guardian is already linked to the student',
  guardianNotFound: 'Guardian not found',
  guardianLinkNotFound: 'This guardian is not linked to the student',
  guardianEmailNotGuardian: 'No guardian account has this email address',
  guardianNotYourChild: 'You can only see your own children',
  guardianLinked: 'Guardian linked',
  guardianUnlinked: 'Guardian unlinked',
  guardianChildLinked: 'Child linked',
  guardianRelationInvalid: 'Relation must be at most 40 characters',
  // The sign-up form and cards.
  guardianCodeLabel: 'Link code',
  guardianCodeHint: 'Ask your child for a code from their Account page',
  guardianCardTitle: 'Link a parent or guardian',
  guardianCardDescription: 'Make a one-time code for a parent or guardian to see your attendance, results and timetable.',
  guardianCardMake: 'Make a link code',
  guardianCardMaking: 'Making…',
  guardianCardExpires: (when: string) => `Valid until ${when}; it works once.`,
  guardianDashboardTitle: 'My children',
  guardianNoChildren: 'No child is linked yet. Enter a link code from your child.',
  guardianLinkChild: 'Link another child',
  guardianLinkChildSubmit: 'Link',
  guardianAdminTitle: 'Guardians',
  guardianAdminEmail: 'Guardian email',
  guardianAdminLink: 'Link guardian',
  guardianAdminUnlink: 'Unlink',
  guardianAdminNone: 'No guardian is linked.',
  // Import (admin): one row per link.
  guardianImportTitle: 'Import guardian links',
  guardianImportDescription: 'One row per guardian and student: guardian email, guardian name, student ID, relation. New guardians get an account and set their password with Forgot password.',
  guardianImportButton: 'Import guardians',
  guardianImportName: 'Guardian name is required',
  guardianImportStudent: 'No student has this student ID',
  // Absence alerts.
  notificationKindAbsence: 'Absence alerts',
  absenceAlertTitle: (child: string, date: string, n: number) => `${child} missed ${plural(n, 'class', 'classes')} on ${date}`,
  reminderAttendanceGuardianTitle: (child: string, percentage: number) => `${child}'s attendance is ${percentage}%`,
  reminderAttendanceGuardianBody: (child: string, percentage: number, threshold: number) =>
    `${child}'s attendance this term is ${percentage}%, below the ${threshold}% the college requires.`,
  absenceAlertBody: (child: string, classes: readonly string[]) => `${child} was marked absent in: ${classes.join('; ')}.`,
} as const;
