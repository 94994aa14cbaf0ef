import { PageHeader } from '@/components/layout/page';
import { RolloverPage } from '@/features/academics/components/rollover/rollover-page';
import { ROLLOVER_TEXT } from '@/features/academics/texts';

export default function AdminRolloverRoute() {
  return (
    <section>
      <PageHeader title={ROLLOVER_TEXT.title} description={ROLLOVER_TEXT.intro} />
      <RolloverPage />
    </section>
  );
}
