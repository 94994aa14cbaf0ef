import { Link } from 'react-router';
import { NOTIFICATIONS_MSG as M } from '@crs/shared/messages/notifications';
import { Button } from '@/components/ui/button';
import { useBellNotifications, useMarkAllRead, useMarkNotificationRead } from '../api/notifications';
import { NotificationList } from './notification-list';

/** How many notifications are unread (the header bell's dot); 0 while unknown. */
export function useUnreadNotifications(): number {
  return useBellNotifications().data?.unread ?? 0;
}

/**
 * The bell's notifications (issue 30): the newest, unread ones marked, 'Mark all read' while any
 * is unread, and the way to the whole history (/notifications).
 */
export function BellNotifications({ historyPath, onNavigate }: { historyPath: string; onNavigate?: () => void }) {
  const list = useBellNotifications();
  const markAll = useMarkAllRead();
  const markOne = useMarkNotificationRead();
  const items = list.data?.notifications ?? [];
  const unread = list.data?.unread ?? 0;
  return (
    <div className="grid gap-2">
      <p className="font-medium">{M.notificationsTitle}</p>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{M.notificationsEmpty}</p>
      ) : (
        <NotificationList
          compact
          items={items}
          label={M.notificationsTitle}
          onOpen={(n) => {
            if (!n.readAt) markOne.mutate(n._id);
            onNavigate?.();
          }}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={historyPath} onClick={onNavigate} className="text-primary underline-offset-4 hover:underline">
          {M.notificationsSeeAll}
        </Link>
        {unread > 0 ? (
          <Button type="button" size="sm" variant="outline" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {M.notificationsMarkAllRead}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
