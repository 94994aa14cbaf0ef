import { useState } from 'react';
import { NOTIFICATIONS_MSG as M } from '@crs/shared/messages/notifications';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { useMarkAllRead, useMarkNotificationRead, useNotificationPage } from '../api/notifications';
import { NotificationList } from './notification-list';
import { NOTIFICATIONS_TEXT as T } from '../texts';

const PAGE_SIZE = 20;

/** /notifications (every role): the whole history, newest first, paged; unread only on demand; mark all read. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useNotificationPage(unreadOnly, page, PAGE_SIZE);
  const markAll = useMarkAllRead();
  const markOne = useMarkNotificationRead();
  const unread = query.data?.unread ?? 0;
  return (
    <section>
      <PageHeader title={M.notificationsTitle} description={T.description} />
      <div className="grid max-w-3xl min-w-0 gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {unread > 0 ? M.notificationsUnreadCount(unread) : M.notificationsNoneUnread}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant={unreadOnly ? 'default' : 'outline'}
              aria-pressed={unreadOnly}
              onClick={() => {
                setUnreadOnly(!unreadOnly);
                setPage(1);
              }}
            >
              {M.notificationsUnreadOnly}
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
              {M.notificationsMarkAllRead}
            </Button>
          </div>
        </div>
        <Card>
          <CardContent className="pt-6">
            <QueryState query={query} error={T.loadFailed} empty={unreadOnly ? M.notificationsUnreadEmpty : M.notificationsEmpty} isEmpty={(d) => d.notifications.length === 0} loadingLabel={M.notificationsTitle}>
              {(data) => (
                <>
                  <NotificationList items={data.notifications} label={M.notificationsTitle} onOpen={(n) => (n.readAt ? undefined : markOne.mutate(n._id))} />
                  <Pager page={page} pageSize={PAGE_SIZE} total={data.total} shown={data.notifications.length} onPage={setPage} />
                </>
              )}
            </QueryState>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
