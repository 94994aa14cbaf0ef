import { ManageUsersPage } from '@/features/users/components/users-page';

const SCOPE = {
  title: 'Users',
  description: 'Every account of every role: search, add, edit roles, import and export; approve sign-ups, disable or re-enable accounts.',
  caption: 'Users',
  newRole: 'Student',
  fileBase: 'users',
} as const;

export default function SuperAdminUsersRoute() {
  return <ManageUsersPage scope={SCOPE} />;
}
