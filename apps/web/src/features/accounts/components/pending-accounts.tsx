import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '@/lib/errors';
import type { SessionUser } from '@/lib/auth-api';
import { useUsers } from '../api/get-users';
import { useReviewUser, type ReviewDecision } from '../api/review-user';

export const ACCOUNTS_TEXT = {
  title: 'Pending approvals',
  description: 'Teacher and Staff sign-ups wait here until an administrator approves them.',
  empty: 'No accounts are waiting for approval.',
  loadFailed: 'Could not load pending accounts.',
  approved: (name: string) => `Approved ${name}'s account`,
  rejected: (name: string) => `Rejected ${name}'s sign-up`,
  approveFailed: 'Failed to approve account',
  rejectFailed: 'Failed to reject account',
} as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Pending Teacher/Staff sign-ups with approve and reject (Admin, SuperAdmin; the server enforces). */
export function PendingAccounts() {
  const pending = useUsers({ status: 'pending', page: 1, pageSize: 20 });
  const review = useReviewUser();
  const [rejecting, setRejecting] = useState<SessionUser | null>(null);

  async function decide(user: SessionUser, decision: ReviewDecision) {
    try {
      await review.mutateAsync({ id: user._id, decision });
      toast.success(decision === 'approve' ? ACCOUNTS_TEXT.approved(user.name) : ACCOUNTS_TEXT.rejected(user.name));
    } catch (e) {
      toast.error(serverMessage(e) ?? (decision === 'approve' ? ACCOUNTS_TEXT.approveFailed : ACCOUNTS_TEXT.rejectFailed));
    }
  }

  const busyId = review.isPending ? review.variables?.id : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{ACCOUNTS_TEXT.title}</CardTitle>
        <CardDescription>{ACCOUNTS_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : pending.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {ACCOUNTS_TEXT.loadFailed}
          </p>
        ) : pending.data.users.length === 0 ? (
          <p className="text-sm text-muted-foreground">{ACCOUNTS_TEXT.empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{ACCOUNTS_TEXT.title}</caption>
              <thead className="text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Email</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Role</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Requested</th>
                  <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {pending.data.users.map((u) => (
                  <tr key={u._id} className="border-b last:border-0">
                    <td className="py-2 pr-4 font-medium">{u.name}</td>
                    <td className="py-2 pr-4">{u.email}</td>
                    <td className="py-2 pr-4">{u.roles.join(', ')}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDate(u.createdAt)}</td>
                    <td className="py-2">
                      <div className="flex justify-end gap-2">
                        <Button size="sm" disabled={busyId === u._id} onClick={() => void decide(u, 'approve')} aria-label={`Approve ${u.name}`}>
                          <Check aria-hidden="true" />
                          Approve
                        </Button>
                        <Button size="sm" variant="outline" disabled={busyId === u._id} onClick={() => setRejecting(u)} aria-label={`Reject ${u.name}`}>
                          <X aria-hidden="true" />
                          Reject
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pending.data.total > pending.data.users.length ? (
              <p className="mt-3 text-xs text-muted-foreground">
                Showing {pending.data.users.length} of {pending.data.total}.
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        description={rejecting ? `${rejecting.name}'s sign-up will be deleted. This action cannot be undone.` : undefined}
        confirmLabel="Reject"
        destructive
        onConfirm={() => (rejecting ? decide(rejecting, 'reject') : undefined)}
      />
    </Card>
  );
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat.format(d);
}
