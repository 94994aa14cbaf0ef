import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMyNotices } from '../api/my-notices';
import { NOTICES_TEXT } from '../texts';
import { MyNoticeList } from './notice-list';

/** A dashboard card with the caller's latest notices (the teacher dashboard); `allPath` links to a full list. */
export function NoticesCard({ limit = 4, allPath }: { limit?: number; allPath?: string }) {
  const notices = useMyNotices();
  const unread = notices.data?.unread ?? 0;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{NOTICES_TEXT.cardTitle}</CardTitle>
        {unread > 0 ? <Badge variant="default">{`${unread} ${NOTICES_TEXT.new.toLowerCase()}`}</Badge> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <MyNoticeList limit={limit} headingLevel={3} />
        {allPath ? (
          <Link to={allPath} className="text-sm text-primary underline-offset-4 hover:underline">
            {NOTICES_TEXT.viewAll}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
