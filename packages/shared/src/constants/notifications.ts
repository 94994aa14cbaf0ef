// Notifications' kinds and email modes with their labels, without zod: the signed-in frame's bell
// shows a kind's label, and importing the schemas there put zod and every module's messages into the
// frame's chunk (decision 0012). schemas/notifications.ts re-exports all of this for the rest.
import { GUARDIANS_MSG } from '../messages/guardians.ts';
import { NOTIFICATIONS_MSG } from '../messages/notifications.ts';
import type { Role } from '../roles.ts';

/** What a notification is about; each kind is one row of the Account page's delivery card. */
export const NOTIFICATION_KINDS = ['library', 'attendance', 'exams', 'placement', 'results', 'notices', 'absence', 'holds'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** How a kind reaches the user by email (in-app it always does). */
export const EMAIL_MODES = ['immediate', 'digest', 'weekly', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  library: NOTIFICATIONS_MSG.notificationKindLibrary,
  attendance: NOTIFICATIONS_MSG.notificationKindAttendance,
  exams: NOTIFICATIONS_MSG.notificationKindExams,
  placement: NOTIFICATIONS_MSG.notificationKindPlacement,
  results: NOTIFICATIONS_MSG.notificationKindResults,
  notices: NOTIFICATIONS_MSG.notificationKindNotices,
  absence: GUARDIANS_MSG.notificationKindAbsence,
  holds: NOTIFICATIONS_MSG.notificationKindHolds,
};
export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  immediate: NOTIFICATIONS_MSG.notificationEmailImmediate,
  digest: NOTIFICATIONS_MSG.notificationEmailDigest,
  weekly: NOTIFICATIONS_MSG.notificationEmailWeekly,
  off: NOTIFICATIONS_MSG.notificationEmailOff,
};

/**
 * Email by kind for a user who chose nothing: a student hears of fines, deadlines and results at
 * once and of the rest in the digest; staff get notices in the digest and library mail at once.
 */
export function defaultEmailMode(roles: readonly Role[], kind: NotificationKind): EmailMode {
  // A guardian hears of a missed day (one alert a day, after the day's classes) at once.
  if (kind === 'absence') return roles.includes('Guardian') ? 'immediate' : 'off';
  // A held copy waits on the hold shelf a few days only: its member hears at once.
  if (kind === 'holds') return 'immediate';
  if (roles.includes('Student')) return kind === 'library' || kind === 'placement' || kind === 'results' ? 'immediate' : 'digest';
  if (kind === 'library') return 'immediate';
  return kind === 'notices' ? 'digest' : 'off';
}
