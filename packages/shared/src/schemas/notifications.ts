import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EMAIL_MODES, NOTIFICATION_KINDS } from '../constants/notifications.ts';
import { pageQuery, uuidField } from './common.ts';

// The kinds, email modes, their labels and the defaults per role live in constants/ (no zod: the
// signed-in frame's bell shows a kind's label); re-exported here for the rest.
export * from '../constants/notifications.ts';

// Notifications (issue 30 items 1–2, decision 0050): every event a user should hear about is one
// row per user (kind, title, body, link, created, read). In-app always; email at once, in the
// daily digest, or off — per user and kind, with defaults per role.

const kindField = z.enum(NOTIFICATION_KINDS, { error: MSG.notificationKindInvalid });
const emailField = z.enum(EMAIL_MODES, { error: MSG.notificationEmailInvalid });

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path inside the app (`/dashboard/student/library`), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuery = z.strictObject({
  unread: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  ...pageQuery,
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;
/** A page, newest first; `unread` counts every unread one of the caller (the bell's dot). */
export const listNotificationsResponse = z.object({ notifications: z.array(notificationSchema), total: z.number().int(), unread: z.number().int() });
export type NotificationList = z.infer<typeof listNotificationsResponse>;

export const notificationParams = z.strictObject({ id: uuidField(MSG.notificationNotFound) });
export const notificationResponse = z.object({ notification: notificationSchema });
export const readAllResponse = z.object({ message: z.string(), marked: z.number().int() });

export const preferenceSchema = z.object({ kind: kindField, email: emailField });
export type NotificationPreference = z.infer<typeof preferenceSchema>;
export const preferencesResponse = z.object({
  /** One row per kind, in NOTIFICATION_KINDS order; `isDefault` when the user chose nothing for it. */
  preferences: z.array(preferenceSchema.extend({ isDefault: z.boolean() })),
  /** Set while mail to the user's address bounced permanently: no email goes out until it is fixed or cleared. */
  bouncing: z.object({ address: z.string(), since: z.string(), reason: z.string() }).nullable(),
});
export type NotificationPreferences = z.infer<typeof preferencesResponse>;
export const updatePreferencesBody = z.strictObject({
  preferences: z.array(z.strictObject({ kind: kindField, email: emailField })).max(NOTIFICATION_KINDS.length * 2).optional(),
  /** Try the address again after a bounce. */
  clearBounce: z.literal(true).optional(),
});
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;

export const sentQuery = z.strictObject({
  kind: kindField.optional(),
  days: z.coerce.number().int().min(1).max(90).default(14),
});
/** What was sent (Librarian: library only; Admin: every kind), per college-local day and kind. */
export const sentResponse = z.object({
  days: z.array(z.object({ date: z.string(), kind: z.enum(NOTIFICATION_KINDS), sent: z.number().int(), read: z.number().int(), emailed: z.number().int() })),
  total: z.number().int(),
});
export type SentReport = z.infer<typeof sentResponse>;
