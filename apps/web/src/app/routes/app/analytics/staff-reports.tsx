import { PageHeader } from '@/components/layout/page';
import { ReportsList } from '@/features/analytics/components/reports-list';
import { REPORTS_TEXT as T } from '@/features/analytics/reports-texts';

export default function StaffReportsRoute() {
  return (
    <section>
      <PageHeader title={T.title} description={T.description} />
      <ReportsList />
    </section>
  );
}
