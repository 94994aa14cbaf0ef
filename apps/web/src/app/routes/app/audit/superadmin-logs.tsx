import { AuditPage } from '@/features/audit/components/audit-page';

export default function SuperAdminLogsRoute() {
  return <AuditPage />;
}
