import { PageHeader } from '@/components/layout/page';
import { MyCoursesTable } from '@/features/academics/components/my-courses';
import { ACADEMICS_TEXT } from '@/features/academics/texts';

export default function StudentCoursesRoute() {
  return (
    <section>
      <PageHeader title={ACADEMICS_TEXT.myCourses} description={ACADEMICS_TEXT.myCoursesIntro} />
      <MyCoursesTable />
    </section>
  );
}
