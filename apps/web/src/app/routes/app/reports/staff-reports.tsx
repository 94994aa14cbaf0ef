import { PageHeader } from '@/components/layout/page';
import { ReportsList } from '@/features/reports/components/reports-list';
import { REPORTS_TEXT as T } from '@/features/reports/texts';

export default function StaffReportsRoute() {
  return (
    <section>
      <PageHeader title={T.title} description={T.description} />
      <ReportsList />
    </section>
  );
}
