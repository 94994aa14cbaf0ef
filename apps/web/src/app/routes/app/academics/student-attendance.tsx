import { PageHeader } from '@/components/layout/page';
import { MyAttendanceBySubject } from '@/features/academics/components/subject-attendance';
import { ACADEMICS_TEXT } from '@/features/academics/texts';

/** /dashboard/student/attendance: the student's attendance per subject, each opening to the classes held and their status. */
export default function StudentAttendanceRoute() {
  return (
    <section className="grid gap-6">
      <PageHeader title={ACADEMICS_TEXT.myAttendance} description={ACADEMICS_TEXT.myAttendanceIntro} />
      <MyAttendanceBySubject />
    </section>
  );
}
