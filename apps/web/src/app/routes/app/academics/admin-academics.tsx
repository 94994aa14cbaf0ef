import { PageHeader } from '@/components/layout/page';
import { AcademicSetup } from '@/features/academics/components/setup/academic-setup';
import { ACADEMICS_TEXT } from '@/features/academics/texts';

export default function AdminAcademicsRoute() {
  return (
    <section>
      <PageHeader title={ACADEMICS_TEXT.setupTitle} description={ACADEMICS_TEXT.setupIntro} />
      <AcademicSetup />
    </section>
  );
}
