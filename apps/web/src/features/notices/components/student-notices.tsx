import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { NOTICES_TEXT } from '../texts';
import { MyNoticeList } from './notice-list';

/** /dashboard/student/notices: the student's notices, newest and pinned first, unread marked. */
export function StudentNotices() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith('#notice-')) return;
    const timer = window.setTimeout(() => document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' }), 300);
    return () => window.clearTimeout(timer);
  }, [hash]);
  return (
    <section className="grid gap-6">
      <PageHeader title={NOTICES_TEXT.studentTitle} description={NOTICES_TEXT.studentDescription} />
      <MyNoticeList />
    </section>
  );
}
