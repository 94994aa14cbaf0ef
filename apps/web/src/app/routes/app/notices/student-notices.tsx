import { StudentNotices } from '@/features/notices/components/student-notices';

export default function StudentNoticesRoute() {
  return <StudentNotices />;
}
