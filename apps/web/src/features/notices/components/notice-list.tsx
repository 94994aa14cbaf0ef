import { NOTICES_MSG } from '@crs/shared/messages/notices';
import type { Notice } from '@crs/shared/schemas/notices';
import { QueryState } from '@/components/ui/query-state';
import { useMarkRead, useMyNotices } from '../api/my-notices';
import { useStudentNotices } from '../api/student-notices';
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
  return (
    <QueryState query={notices} error={NOTICES_MSG.noticesLoadFailed} skeletons={['h-20', 'h-20']} empty={NOTICES_TEXT.noNotices} isEmpty={(d) => d.notices.length === 0}>
      {(data) => (
        <ul className="grid gap-3" aria-label={NOTICES_TEXT.studentTitle}>
          {(limit === undefined ? data.notices : data.notices.slice(0, limit)).map((n) => (
            <li key={n._id}>
              <NoticeItem notice={n} onOpen={open} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** The notices addressed to a student (their guardian's read-only view, issue 30): opening one marks nothing read. */
export function StudentNoticeList({ student, limit, headingLevel = 3 }: { student: string; limit?: number; headingLevel?: 2 | 3 }) {
  const notices = useStudentNotices(student);
  return (
    <QueryState query={notices} error={NOTICES_MSG.noticesLoadFailed} skeletons={['h-20']} empty={NOTICES_TEXT.noNotices} isEmpty={(d) => d.notices.length === 0}>
      {(data) => (
        <ul className="grid gap-3" aria-label={NOTICES_TEXT.studentTitle}>
          {(limit === undefined ? data.notices : data.notices.slice(0, limit)).map((n) => (
            <li key={n._id}>
              <NoticeItem notice={{ ...n, unread: false }} onOpen={() => {}} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
