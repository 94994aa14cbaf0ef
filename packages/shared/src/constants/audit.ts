// The audit log's actions and their labels, without zod: the System Logs page's filters import them
// from here; schemas/audit.ts re-exports them for the server and the schemas.

/** Every action the log knows, with the label the System Logs page shows. */
export const AUDIT_ACTIONS = {
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.sign_in_throttled': 'Sign-in throttled',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'user.created': 'Account created',
  'user.updated': 'Account changed',
  'user.roles_changed': 'Roles changed',
  'user.disabled': 'Account disabled',
  'user.enabled': 'Account enabled',
  'user.approved': 'Sign-up approved',
  'user.rejected': 'Sign-up rejected',
  'user.reset_link_sent': 'Password reset link sent',
  'users.imported': 'Accounts imported',
  'users.exported': 'Accounts exported',
  'alumni.imported': 'Alumni imported',
  'alumni.exported': 'Alumni exported',
  'alumni.messaged': 'Alumni messaged',
  'library.books_imported': 'Books imported',
  'library.fine_waived': 'Fine waived',
  'report.downloaded': 'Report downloaded',
  'record.deleted': 'Record deleted',
  'settings.changed': 'Settings changed',
  'settings.test_mail': 'Test mail sent',
  'attendance.saved': 'Attendance taken',
  'attendance.corrected': 'Attendance corrected',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * The actor's name on an entry the server's command line wrote (`npm run crs -- user:create`,
 * `user:approve`): no account and no address acted, and it was not an anonymous web request.
 */
export const AUDIT_CONSOLE_ACTOR = 'Command line';
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
