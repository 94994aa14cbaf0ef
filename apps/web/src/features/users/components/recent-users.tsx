import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { SessionUser } from '@/lib/auth-api';
import { useUsers } from '../api/get-users';

const COLUMNS: Column<SessionUser>[] = [
  { key: 'id', header: 'Id', className: 'font-mono text-xs', cell: (u) => <span title={u._id}>{u.studentId || u._id.slice(0, 8)}</span> },
  { key: 'name', header: 'Name', cell: (u) => u.name },
  { key: 'role', header: 'Role', cell: (u) => u.roles.join(', ') },
  { key: 'department', header: 'Department', cell: (u) => u.department || '—' },
];

/** The newest active accounts (Id, Name, Role, Department), read live from GET /users. */
export function RecentUsers({ limit = 5 }: { limit?: number }) {
  const recent = useUsers({ status: 'active', page: 1, pageSize: limit });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Accounts</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable
          caption="Recent Accounts"
          columns={COLUMNS}
          rows={recent.data?.users}
          rowKey={(u) => u._id}
          loading={recent.isPending}
          error={recent.isError ? 'Could not load recent accounts.' : null}
          empty="No accounts yet."
          skeletonRows={3}
        />
      </CardContent>
    </Card>
  );
}
