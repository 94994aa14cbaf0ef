import { PageHeader } from '@/components/layout/page';
import { WeeklyTimetable } from '@/features/academics/components/weekly-timetable';
import { ACADEMICS_TEXT } from '@/features/academics/texts';

export default function StudentTimetableRoute() {
  return (
    <section>
      <PageHeader title={ACADEMICS_TEXT.timetable} description={ACADEMICS_TEXT.timetableIntro} />
      <WeeklyTimetable />
    </section>
  );
}
