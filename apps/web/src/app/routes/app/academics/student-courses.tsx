import { PageHeader } from '@/components/layout/page';
import { MyCoursesTable } from '@/features/academics/components/my-courses';
import { MyAttendanceBySubject } from '@/features/academics/components/subject-attendance';
import { ACADEMICS_TEXT } from '@/features/academics/texts';

export default function StudentCoursesRoute() {
  return (
    <section className="grid gap-6">
      <PageHeader title={ACADEMICS_TEXT.myCourses} description={ACADEMICS_TEXT.myCoursesIntro} />
      <MyCoursesTable />
      <MyAttendanceBySubject />
    </section>
  );
}
