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
  'enrolment.changed': 'Enrolment changed',
  'alumni.imported': 'Alumni imported',
  'alumni.exported': 'Alumni exported',
  'alumni.messaged': 'Alumni messaged',
  'placement.status_changed': 'Placement application status changed',
  'library.books_imported': 'Books imported',
  'library.fine_waived': 'Fine waived',
  'library.copies_added': 'Library copies added',
  'library.copy_changed': 'Library copy changed',
  'library.copy_lost': 'Library copy lost on loan',
  'library.hold_placed': 'Hold placed for a member',
  'library.hold_cancelled': "Member's hold cancelled",
  'library.verification_started': 'Stock verification started',
  'library.verification_closed': 'Stock verification closed',
  'report.downloaded': 'Report downloaded',
  // Issue 25 item 3/5: the marks lifecycle (an exam's deletion stays `record.deleted`, target type 'exam').
  'exam.created': 'Exam created',
  'exam.updated': 'Exam changed',
  'marks.uploaded': 'Marks uploaded',
  'marks.replaced': 'Marks replaced',
  'marks.saved': 'Marks entered',
  'marks.published': 'Marks published',
  'marks.unpublished': 'Marks withdrawn',
  'record.deleted': 'Record deleted',
  'settings.changed': 'Settings changed',
  'settings.test_mail': 'Test mail sent',
  'attendance.saved': 'Attendance taken',
  'attendance.corrected': 'Attendance corrected',
  // Issue 27: the academic calendar (an entry's deletion stays `record.deleted`, target type 'calendar entry').
  'calendar.created': 'Calendar entry added',
  'calendar.updated': 'Calendar entry changed',
  'calendar.imported': 'Holidays imported',
  'calendar.feed_rotated': 'Calendar link renewed',
  'calendar.feed_revoked': 'Calendar link turned off',
  // Issue 27 items 4–5: the semester rollover and its graduates.
  'rollover.run': 'Semester rolled over',
  'student.graduated': 'Student graduated',
  'alumni.graduates_added': 'Graduates added to alumni',
  'alumni.visibility_changed': 'Alumni profile made public or private',
  // Issue 27 item 6: a grade card or transcript issued (one entry per document), or revoked.
  'transcript.issued': 'Grade card or transcript issued',
  'transcript.revoked': 'Grade card or transcript revoked',
  // Issue 28 items 3–5: the second factor and the sessions page.
  'auth.mfa_enabled': 'Two-factor authentication turned on',
  'auth.mfa_disabled': 'Two-factor authentication turned off',
  'auth.mfa_reset': 'Two-factor authentication reset',
  'auth.mfa_recovery_codes_renewed': 'Recovery codes renewed',
  'auth.mfa_recovery_code_used': 'Recovery code used',
  'auth.mfa_failed': 'Two-factor code refused',
  'auth.mfa_throttled': 'Two-factor codes throttled',
  'auth.session_revoked': 'Session signed out',
  'auth.sessions_revoked': 'Other sessions signed out',
  // Issue 28: sign-in with the college's identity provider (an account it creates is `user.created`).
  'identity.signed_in': 'Signed in with identity provider',
  'identity.sign_in_refused': 'Identity provider sign-in refused',
  'identity.linked': 'Identity provider account linked',
  'identity.unlinked': 'Identity provider account unlinked',
  'oidc_provider.created': 'Sign-in provider added',
  'oidc_provider.updated': 'Sign-in provider changed',
  'oidc_provider.deleted': 'Sign-in provider removed',
  // Issue 30: who changed which notifications reach them by email, or asked to retry a bounced address.
  'notifications.preferences_changed': 'Notification email settings changed',
  'notifications.bounce_cleared': 'Bounced email address retried',
  // Issue 30 item 3: guardians' link codes and links (decision 0052).
  'guardian.code_created': 'Guardian link code made',
  'guardian.linked': 'Guardian linked',
  'guardian.unlinked': 'Guardian unlinked',
  'guardian.imported': 'Guardian links imported',
  'system.job_run': 'Background job run now',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * Kinds of what an entry acted on (its target's type), with the label System Logs' "Acted on" filter
 * shows: with 'Record deleted' it finds e.g. every alumnus deleted. The API filters by any type; this
 * list is what the filter offers.
 */
export const AUDIT_TARGET_TYPES = {
  user: 'Accounts',
  alumnus: 'Alumni',
  'placement application': 'Placement applications',
  department: 'Departments',
  subject: 'Subjects',
  section: 'Sections',
  enrolment: 'Enrolments',
  'teaching assignment': 'Teaching assignments',
  'timetable slot': 'Timetable slots',
  exam: 'Exams',
  material: 'Materials',
  document: 'Documents',
  notice: 'Notices',
  'ID card': 'ID cards',
  transcript: 'Grade cards and transcripts',
  loan: 'Loans',
  'library copy': 'Library copies',
  'library hold': 'Library holds',
  'stock verification': 'Stock verifications',
  report: 'Reports',
  settings: 'Settings',
  'calendar entry': 'Calendar entries',
  'calendar feed': 'Calendar links',
  rollover: 'Rollovers',
  session: 'Sessions',
  'sign-in provider': 'Sign-in providers',
  'notification settings': 'Notification settings',
  'guardian link': 'Guardian links',
} as const satisfies Record<string, string>;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;

/**
 * The actor's name on an entry the server's command line wrote (`npm run crs -- user:create`,
 * `user:approve`): no account and no address acted, and it was not an anonymous web request.
 */
export const AUDIT_CONSOLE_ACTOR = 'Command line';
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
