import { useState } from 'react';
import { PLACEMENT_MSG } from '@crs/shared/messages/placement';
import type { Job, StudentApplication } from '@crs/shared/schemas/placement';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useJobs, useMyApplications, useWithdraw } from '../api/jobs';
import { PLACEMENT_TEXT, STATUS_LABEL, STATUS_VARIANT } from '../texts';
import { ApplyDialog } from './apply-dialog';
import { JobCard } from './job-card';

/** The application being withdrawn, with what the confirmation names. */
type Withdrawing = { id: string; company: string; role: string; deadline: string };

/**
 * /dashboard/student/placement: the open drives the student is eligible for, and their applications.
 * Applying and withdrawing happen here, in dialogs, and end with a toast: the student never leaves
 * the page, and the drive and the list show the new status once the server has it.
 */
export function PlacementPortal() {
  const jobs = useJobs();
  const mine = useMyApplications();
  const withdraw = useWithdraw();
  const [applyingTo, setApplyingTo] = useState<Job | null>(null);
  const [withdrawing, setWithdrawing] = useState<Withdrawing | null>(null);

  const confirmWithdraw = async () => {
    if (!withdrawing) return;
    const { message } = await withdraw.mutateAsync(withdrawing.id);
    toast.success(message);
  };
  const columns: Column<StudentApplication>[] = [
    { key: 'company', header: PLACEMENT_TEXT.company, className: 'font-medium', cell: (a) => a.job.company },
    { key: 'role', header: PLACEMENT_TEXT.role, cell: (a) => a.job.role },
    { key: 'applied', header: PLACEMENT_TEXT.appliedOn, className: 'whitespace-nowrap', cell: (a) => formatDate(a.appliedAt) },
    { key: 'status', header: PLACEMENT_TEXT.status, cell: (a) => <Badge variant={STATUS_VARIANT[a.status]}>{STATUS_LABEL[a.status]}</Badge> },
    {
      key: 'resume',
      header: PLACEMENT_TEXT.resume,
      cell: (a) =>
        a.resume ? (
          <a href={a.resume.url} target="_blank" rel="noreferrer" className="break-all text-primary underline-offset-4 hover:underline">
            {a.resume.filename}
          </a>
        ) : (
          PLACEMENT_TEXT.noResume
        ),
    },
    {
      key: 'actions',
      header: PLACEMENT_TEXT.actions,
      cell: (a) =>
        a.withdrawable ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={PLACEMENT_TEXT.withdrawFrom(a.job.company, a.job.role)}
            onClick={() => setWithdrawing({ id: a._id, company: a.job.company, role: a.job.role, deadline: a.job.deadline })}
          >
            {PLACEMENT_TEXT.withdraw}
          </Button>
        ) : null,
    },
  ];
  const withdrawFromCard = (job: Job) => {
    if (job.myApplication) setWithdrawing({ id: job.myApplication._id, company: job.company, role: job.role, deadline: job.deadline });
  };

  return (
    <section className="grid gap-6">
      <PageHeader title={PLACEMENT_TEXT.portalTitle} description={PLACEMENT_TEXT.portalDescription} />
      <Card>
        <CardHeader>
          <CardTitle>{PLACEMENT_TEXT.openJobs}</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState query={jobs} error={PLACEMENT_MSG.jobsLoadFailed} skeletons={['h-32', 'h-32']} empty={PLACEMENT_MSG.noJobPostings} isEmpty={(d) => d.jobs.length === 0}>
            {(data) => (
              <ul className="grid gap-3 lg:grid-cols-2" aria-label={PLACEMENT_TEXT.openJobs}>
                {data.jobs.map((j) => (
                  <li key={j._id}>
                    <JobCard job={j} onApply={setApplyingTo} onWithdraw={withdrawFromCard} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{PLACEMENT_TEXT.myApplications}</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            caption={PLACEMENT_TEXT.myApplications}
            columns={columns}
            rows={mine.data}
            rowKey={(a) => a._id}
            loading={mine.isPending}
            error={mine.isError ? PLACEMENT_TEXT.applicationsFailed : null}
            empty={PLACEMENT_TEXT.noApplications}
          />
        </CardContent>
      </Card>
      <ApplyDialog job={applyingTo} onOpenChange={(open) => !open && setApplyingTo(null)} />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        onConfirm={confirmWithdraw}
        title={PLACEMENT_TEXT.withdrawTitle}
        description={withdrawing ? PLACEMENT_TEXT.withdrawDescription(withdrawing.company, withdrawing.role, formatDate(withdrawing.deadline)) : ''}
        confirmLabel={PLACEMENT_TEXT.withdraw}
        busyLabel={PLACEMENT_TEXT.withdrawing}
        cancelLabel={PLACEMENT_TEXT.cancel}
        destructive
      />
    </section>
  );
}
