import { ImportGuardiansCard } from '@/features/guardians/components/import-guardians';
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
  return (
    <>
      <ManageUsersPage scope={SCOPE} />
      {/* Issue 30: guardians linked to students from a spreadsheet. */}
      <div className="mt-6">
        <ImportGuardiansCard />
      </div>
    </>
  );
}
