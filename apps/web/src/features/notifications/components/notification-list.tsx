import { Link } from 'react-router';
import { NOTIFICATIONS_MSG as M } from '@crs/shared/messages/notifications';
import { NOTIFICATION_KIND_LABELS } from '@crs/shared/constants/notifications';
import type { Notification } from '@crs/shared/schemas/notifications';
import { formatDateTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';

/**
 * Notifications, newest first: an unread one is bold with a dot (and says "unread" to a screen
 * reader); its title opens its link and marks it read.
 */
export function NotificationList({ items, label, onOpen, compact = false }: { items: readonly Notification[]; label: string; onOpen: (n: Notification) => void; compact?: boolean }) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {items.map((n) => (
        <li key={n._id} className={cn('grid gap-0.5 rounded-md border p-2', n.readAt ? 'bg-card' : 'border-primary/40 bg-primary/5')}>
          <p className="flex min-w-0 items-start gap-2">
            {n.readAt ? null : <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-destructive" />}
            {n.readAt ? null : <span className="sr-only">{M.notificationsUnreadOnly}: </span>}
            {n.link ? (
              <Link to={n.link} onClick={() => onOpen(n)} className={cn('min-w-0 break-words text-primary underline-offset-4 hover:underline', !n.readAt && 'font-semibold')}>
                {n.title}
              </Link>
            ) : (
              <span className={cn('min-w-0 break-words', !n.readAt && 'font-semibold')}>{n.title}</span>
            )}
          </p>
          {compact ? null : <p className="break-words text-sm">{n.body}</p>}
          <p className="text-xs text-muted-foreground">
            {NOTIFICATION_KIND_LABELS[n.kind]} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
