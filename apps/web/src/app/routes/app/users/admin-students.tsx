import { ManageUsersPage } from '@/features/users/components/users-page';

const SCOPE = {
  role: 'Student',
  title: 'Manage Students',
  description: 'Search, add, edit, import and export students; disable or re-enable their accounts.',
  caption: 'Students',
  newRole: 'Student',
  fileBase: 'students',
} as const;

export default function AdminStudentsRoute() {
  return <ManageUsersPage scope={SCOPE} />;
}
