import { MSG } from '@crs/shared/messages';
import type { Notification, NotificationKind } from '@crs/shared/schemas/notifications';
import type { Mail } from '../../lib/mail.ts';
import type { NotificationRow } from './notifications.repository.ts';

type Stored = Pick<NotificationRow, 'id' | 'kind' | 'title' | 'body' | 'link' | 'createdAt'> & { readAt?: Date | null };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const presentNotification = (r: Stored): Notification => ({
  _id: r.id,
  kind: r.kind as NotificationKind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: iso(r.createdAt),
  readAt: r.readAt ? iso(r.readAt) : null,
});

const absolute = (publicUrl: string, link: string | null) => (link ? `${publicUrl}${link}` : null);

/** One notification's own mail: its title as the subject, its body and link, and where to change mails. */
export function immediateMail(publicUrl: string, to: string, n: Stored): Mail {
  const link = absolute(publicUrl, n.link);
  return {
    to,
    subject: MSG.notificationMailSubject(n.title),
    text: [n.body, link ?? '', '', MSG.notificationMailFooter(`${publicUrl}/dashboard/account`), ''].filter((l, i) => l !== '' || i > 1).join('\n'),
  };
}

/** A day's notifications of one user in one mail, oldest first. */
export function digestMail(publicUrl: string, to: string, list: readonly Stored[], weekly = false): Mail {
  const items = [...list].sort((a, b) => iso(a.createdAt).localeCompare(iso(b.createdAt)));
  const lines = items.flatMap((n) => {
    const link = absolute(publicUrl, n.link);
    return [`- ${n.title}`, `  ${n.body}`, ...(link ? [`  ${link}`] : []), ''];
  });
  return {
    to,
    subject: (weekly ? MSG.notificationWeeklyDigestSubject : MSG.notificationDigestSubject)(items.length),
    text: [(weekly ? MSG.notificationWeeklyDigestIntro : MSG.notificationDigestIntro)(items.length), '', ...lines, MSG.notificationMailFooter(`${publicUrl}/dashboard/account`), ''].join('\n'),
  };
}
