import { PageHeader } from '@/components/layout/page';
import { TakeAttendance } from '@/features/academics/components/take-attendance';
import { ACADEMICS_TEXT } from '@/features/academics/texts';

export default function TeacherAttendanceRoute() {
  return (
    <section>
      <PageHeader title={ACADEMICS_TEXT.attendanceTitle} />
      <TakeAttendance />
    </section>
  );
}
