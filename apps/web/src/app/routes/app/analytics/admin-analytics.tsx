import { PageHeader } from '@/components/layout/page';
import { AnalyticsDashboard } from '@/features/analytics/components/analytics-dashboard';
import { ANALYTICS_TEXT as T } from '@/features/analytics/texts';

export default function AdminAnalyticsRoute() {
  return (
    <section>
      <PageHeader title={T.title} description={T.description} />
      <AnalyticsDashboard />
    </section>
  );
}
