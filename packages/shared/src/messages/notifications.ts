/**
 * Notifications and reminders (issue 30 items 1–2): the bell, /notifications, the Account page's
 * delivery card, and the reminders' titles and bodies. Part of MSG (../messages.ts).
 */
const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const NOTIFICATIONS_MSG = {
  notificationNotFound: 'Notification not found',
  notificationKindInvalid: 'Kind must be library, attendance, exams, placement, results, notices, absence or holds',
  notificationEmailInvalid: 'Email must be immediate, digest, weekly or off',
  notificationsMarkedRead: (n: number) => (n === 0 ? 'Nothing was unread' : `${plural(n, 'notification')} marked read`),
  notificationPreferencesSaved: 'Notification settings saved',
  notificationBounceCleared: 'We will try your email address again',
  // Kinds, as the Account page's rows and the history's filter name them.
  notificationKindLibrary: 'Library',
  notificationKindAttendance: 'Attendance',
  notificationKindExams: 'Exams',
  notificationKindPlacement: 'Placement',
  notificationKindResults: 'Results',
  notificationKindNotices: 'Notices',
  notificationKindHolds: 'Holds',
  notificationEmailImmediate: 'Email at once',
  notificationEmailDigest: 'Daily digest',
  notificationEmailWeekly: 'Weekly digest',
  notificationEmailOff: 'No email',
  // Reminders.
  reminderLibraryDueSoonTitle: (title: string) => `Due in 2 days: ${title}`,
  reminderLibraryDueSoonBody: (title: string, due: string) => `Please return or renew "${title}" by ${due}.`,
  reminderLibraryOverdueTitle: (title: string, days: number) => `Overdue ${plural(days, 'day')}: ${title}`,
  reminderLibraryOverdueBody: (title: string, due: string, finePaise: number) =>
    `"${title}" was due on ${due}. Fine so far: ${rupees(finePaise / 100)}. Please return it to the library.`,
  reminderAttendanceTitle: (percentage: number) => `Your attendance is ${percentage}%`,
  reminderAttendanceBody: (percentage: number, threshold: number) =>
    `Your attendance this term is ${percentage}%, below the required ${threshold}%. Attend every class to bring it up.`,
  reminderExamTitle: (subject: string) => `Exam tomorrow: ${subject}`,
  reminderExamBody: (name: string, subject: string, date: string) => `${name} in ${subject} is tomorrow, ${date}.`,
  reminderPlacementTitle: (company: string, role: string) => `Apply in 2 days: ${company}, ${role}`,
  reminderPlacementBody: (company: string, role: string, deadline: string) =>
    `You are eligible for ${role} at ${company} and have not applied. The last day to apply is ${deadline}.`,
  reminderResultsTitle: (subject: string) => `Results published: ${subject}`,
  reminderResultsBody: (name: string, subject: string) => `Your marks for ${name} in ${subject} are published.`,
  reminderNoticeTitle: (title: string) => `Notice: ${title}`,
  // Mail.
  notificationMailSubject: (title: string) => title,
  notificationMailFooter: (link: string) => `Change which mails you get: ${link}`,
  notificationDigestSubject: (n: number) => `Your CRS digest: ${plural(n, 'notification')}`,
  notificationDigestIntro: (n: number) => `Here is what happened today (${plural(n, 'notification')}):`,
  notificationWeeklyDigestSubject: (n: number) => `Your CRS week: ${plural(n, 'notification')}`,
  notificationWeeklyDigestIntro: (n: number) => `Here is what happened this week (${plural(n, 'notification')}):`,
  // Screens.
  notificationsTitle: 'Notifications',
  notificationsEmpty: 'No notifications yet.',
  notificationsUnreadEmpty: 'Nothing unread.',
  notificationsMarkAllRead: 'Mark all read',
  notificationsSeeAll: 'See all notifications',
  notificationsUnreadOnly: 'Unread only',
  notificationsUnreadCount: (n: number) => `${plural(n, 'unread notification')}`,
  notificationsNoneUnread: 'No unread notifications',
  notificationsMarkRead: 'Mark read',
  notificationPreferencesTitle: 'Notifications by email',
  notificationPreferencesHint: 'Every notification appears in the bell. Choose which ones also come by email, at once or in one mail a day.',
  notificationBouncing: (address: string) => `Mail to ${address} bounced, so we stopped sending email. Fix the address above, or try it again.`,
  notificationBounceRetry: 'Try my address again',
  notificationsSentTitle: 'Notifications sent',
} as const;
