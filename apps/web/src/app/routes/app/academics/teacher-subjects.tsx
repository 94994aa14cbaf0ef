import { PageHeader } from '@/components/layout/page';
import { SubjectsTable } from '@/features/academics/components/subjects-table';
import { ACADEMICS_TEXT } from '@/features/academics/texts';

export default function TeacherSubjectsRoute() {
  return (
    <section>
      <PageHeader title={ACADEMICS_TEXT.assignedSubjects} />
      <SubjectsTable />
    </section>
  );
}
