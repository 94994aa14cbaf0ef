import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUsers } from '../api/get-users';

/** The newest active accounts (Id, Name, Role, Department), read live from GET /users. */
export function RecentAccounts({ limit = 5 }: { limit?: number }) {
  const recent = useUsers({ status: 'active', page: 1, pageSize: limit });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Accounts</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <div className="grid gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        ) : recent.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load recent accounts.
          </p>
        ) : recent.data.users.length === 0 ? (
          <p className="text-sm text-muted-foreground">No accounts yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-4 font-medium">Id</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Role</th>
                  <th scope="col" className="py-2 font-medium">Department</th>
                </tr>
              </thead>
              <tbody>
                {recent.data.users.map((u) => (
                  <tr key={u._id} className="border-b last:border-0">
                    <td className="py-2 pr-4 font-mono text-xs" title={u._id}>
                      {u.studentId || u._id.slice(0, 8)}
                    </td>
                    <td className="py-2 pr-4">{u.name}</td>
                    <td className="py-2 pr-4">{u.roles.join(', ')}</td>
                    <td className="py-2">{u.department || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
