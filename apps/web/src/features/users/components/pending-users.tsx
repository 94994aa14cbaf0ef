import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Check, X } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { serverMessage } from '@/lib/errors';
import type { SessionUser } from '@/lib/auth-api';
import { useUsers } from '../api/get-users';
import { useReviewUser, type ReviewDecision } from '../api/review-user';

export const PENDING_USERS_TEXT = {
  title: 'Pending approvals',
  description: 'Teacher and Staff sign-ups wait here until an administrator approves them.',
  empty: 'No accounts are waiting for approval.',
  loadFailed: 'Could not load pending accounts.',
  approved: (name: string) => `Approved ${name}'s account`,
  rejected: (name: string) => `Rejected ${name}'s sign-up`,
  approveFailed: 'Failed to approve account',
  rejectFailed: 'Failed to reject account',
} as const;

const PAGE_SIZE = 20;
/** The card's anchor: `#pending-approvals` on a dashboard that shows it (the Staff dashboard's task links there). */
export const PENDING_APPROVALS_ANCHOR = 'pending-approvals';

/** Pending Teacher/Staff sign-ups with approve and reject (Admin, SuperAdmin; the server enforces). */
export function PendingUsers() {
  const [page, setPage] = useState(1);
  const pending = useUsers({ status: 'pending', page, pageSize: PAGE_SIZE });
  const review = useReviewUser();
  const [rejecting, setRejecting] = useState<SessionUser | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // The page is rendered after the browser's own jump to the hash: scroll to the card once it is there.
  useEffect(() => {
    if (hash === `#${PENDING_APPROVALS_ANCHOR}`) card.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  async function decide(user: SessionUser, decision: ReviewDecision) {
    try {
      await review.mutateAsync({ id: user._id, decision });
      toast.success(decision === 'approve' ? PENDING_USERS_TEXT.approved(user.name) : PENDING_USERS_TEXT.rejected(user.name));
    } catch (e) {
      toast.error(serverMessage(e) ?? (decision === 'approve' ? PENDING_USERS_TEXT.approveFailed : PENDING_USERS_TEXT.rejectFailed));
    }
  }

  const busyId = review.isPending ? review.variables?.id : undefined;
  const columns: Column<SessionUser>[] = [
    { key: 'name', header: 'Name', className: 'font-medium', cell: (u) => u.name },
    { key: 'email', header: 'Email', cell: (u) => u.email },
    { key: 'role', header: 'Role', cell: (u) => u.roles.join(', ') },
    { key: 'requested', header: 'Requested', className: 'whitespace-nowrap', cell: (u) => formatDate(u.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (u) => (
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
      ),
    },
  ];

  return (
    <Card ref={card} id={PENDING_APPROVALS_ANCHOR} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{PENDING_USERS_TEXT.title}</CardTitle>
        <CardDescription>{PENDING_USERS_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          caption={PENDING_USERS_TEXT.title}
          columns={columns}
          rows={pending.data?.users}
          rowKey={(u) => u._id}
          loading={pending.isPending}
          error={pending.isError ? PENDING_USERS_TEXT.loadFailed : null}
          empty={PENDING_USERS_TEXT.empty}
          paging={{ page, pageSize: PAGE_SIZE, total: pending.data?.total ?? 0, onPage: setPage }}
        />
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
