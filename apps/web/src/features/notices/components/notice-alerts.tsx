import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMarkRead, useMyNotices } from '../api/my-notices';
import { NOTICES_TEXT } from '../texts';

/** How many notices the caller has not opened (the header bell's dot). */
export function useUnreadNotices(): number {
  return useMyNotices().data?.unread ?? 0;
}

/**
 * The bell menu's notices: the unread ones (up to five), each opening the reader's notice list and
 * marking it read, and 'Mark all as read'. `noticesPath` is where the caller reads notices, if anywhere.
 */
export function NoticeAlerts({ noticesPath, onNavigate }: { noticesPath: string | undefined; onNavigate?: () => void }) {
  const notices = useMyNotices();
  const markRead = useMarkRead();
  const unread = (notices.data?.notices ?? []).filter((n) => n.unread);
  if (unread.length === 0) return null;
  return (
    <div className="grid gap-2">
      <p className="font-medium">{NOTICES_TEXT.bellHeading}</p>
      <ul className="grid gap-1" aria-label={NOTICES_TEXT.bellHeading}>
        {unread.slice(0, 5).map((n) => (
          <li key={n._id}>
            {noticesPath ? (
              <Link
                to={`${noticesPath}#notice-${n._id}`}
                className="block rounded px-1 py-0.5 break-words text-primary underline-offset-4 hover:underline"
                onClick={() => {
                  markRead.mutate([n._id]);
                  onNavigate?.();
                }}
              >
                {n.title}
              </Link>
            ) : (
              <span className="block px-1 break-words">{n.title}</span>
            )}
          </li>
        ))}
      </ul>
      <Button type="button" size="sm" variant="outline" onClick={() => markRead.mutate(unread.map((n) => n._id))} disabled={markRead.isPending}>
        {NOTICES_TEXT.markAllRead}
      </Button>
    </div>
  );
}
