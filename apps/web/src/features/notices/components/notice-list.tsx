import { NOTICES_MSG } from '@crs/shared/messages/notices';
import type { Notice } from '@crs/shared/schemas/notices';
import { Skeleton } from '@/components/ui/skeleton';
import { useMarkRead, useMyNotices } from '../api/my-notices';
import { NOTICES_TEXT } from '../texts';
import { NoticeItem } from './notice-item';

/** Opening an unread notice marks it read (the bell's dot follows). */
export function useOpenNotice() {
  const markRead = useMarkRead();
  return (n: Notice) => {
    if (n.unread) markRead.mutate([n._id]);
  };
}

/** The caller's notices (GET /notices), pinned first then newest; `limit` shows only the first few. */
export function MyNoticeList({ limit, headingLevel = 2 }: { limit?: number; headingLevel?: 2 | 3 }) {
  const notices = useMyNotices();
  const open = useOpenNotice();
  if (notices.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (notices.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {NOTICES_MSG.noticesLoadFailed}
      </p>
    );
  }
  const list = limit === undefined ? notices.data.notices : notices.data.notices.slice(0, limit);
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{NOTICES_TEXT.noNotices}</p>;
  return (
    <ul className="grid gap-3" aria-label={NOTICES_TEXT.studentTitle}>
      {list.map((n) => (
        <li key={n._id}>
          <NoticeItem notice={n} onOpen={open} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
