import { ManageUsersPage } from '@/features/users/components/users-page';

const SCOPE = {
  role: 'Teacher',
  title: 'Manage Teachers',
  description: 'Search, add, edit, import and export teachers; approve sign-ups, disable or re-enable accounts.',
  caption: 'Teachers',
  newRole: 'Teacher',
  fileBase: 'teachers',
} as const;

export default function AdminTeachersRoute() {
  return <ManageUsersPage scope={SCOPE} />;
}
