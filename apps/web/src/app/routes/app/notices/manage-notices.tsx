import { ManageNotices } from '@/features/notices/components/manage-notices';

export default function ManageNoticesRoute() {
  return <ManageNotices />;
}
