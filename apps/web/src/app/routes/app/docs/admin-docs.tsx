import { DocsPage } from '@/features/docs/components/docs-page';
import { IdCardsPanel } from '@/features/idcards/components/idcards-panel';

/** /dashboard/admin/docs: the repository, and the Admin's ID card desk below it (decision 0027). */
export default function AdminDocsRoute() {
  return <DocsPage aside={<IdCardsPanel />} />;
}
