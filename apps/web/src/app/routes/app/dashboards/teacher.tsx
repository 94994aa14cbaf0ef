import { ClipboardList, FileUp, FlaskConical, UserRound } from 'lucide-react';
import { PageHeader } from '@/components/layout/page';
import { QuickActionsCard } from '@/components/ui/quick-actions';
import { paths } from '@/config/paths';
import { AttendanceOverview } from '@/features/academics/components/attendance-overview';
import { MarksOverview } from '@/features/assessment/components/marks-overview';
import { TodaysClasses } from '@/features/academics/components/todays-classes';
import { NoticesCard } from '@/features/notices/components/notices-card';
import { UpcomingCard } from '@/features/calendar/components/upcoming-card';
import { useAuth } from '@/lib/auth';

const QUICK_ACTIONS = [
  { label: 'Enter Exam Details', to: paths.teacherExams, icon: ClipboardList },
  { label: 'Upload Marks CSV', to: paths.teacherMarks, icon: FileUp },
  { label: 'Upload Research Paper', to: paths.teacherResearch, icon: FlaskConical },
  { label: 'Edit Profile and Achievements', to: paths.teacherProfile, icon: UserRound },
] as const;

export default function TeacherDashboardRoute() {
  const { user } = useAuth();
  return (
    <section className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title={`Welcome, ${user?.name?.trim() || 'Teacher'}`} description="Teacher Dashboard" />
      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <AttendanceOverview />
        <MarksOverview />
      </div>
      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <TodaysClasses />
        <NoticesCard />
      </div>
      <UpcomingCard />
      <QuickActionsCard actions={QUICK_ACTIONS} columns={2} />
    </section>
  );
}
