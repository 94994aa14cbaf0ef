import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTICES_MSG } from '@crs/shared/messages/notices';
import type { Job, StudentApplication } from '@crs/shared/schemas/placement';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useApply, useJobs, useMyApplications } from '../api/jobs';
import { PLACEMENT_TEXT, STATUS_LABEL, STATUS_VARIANT } from '../texts';
import { JobCard } from './job-card';

const APPLICATION_COLUMNS: Column<StudentApplication>[] = [
  { key: 'company', header: PLACEMENT_TEXT.company, className: 'font-medium', cell: (a) => a.job.company },
  { key: 'role', header: PLACEMENT_TEXT.role, cell: (a) => a.job.role },
  { key: 'applied', header: PLACEMENT_TEXT.appliedOn, className: 'whitespace-nowrap', cell: (a) => formatDate(a.appliedAt) },
  { key: 'status', header: PLACEMENT_TEXT.status, cell: (a) => <Badge variant={STATUS_VARIANT[a.status]}>{STATUS_LABEL[a.status]}</Badge> },
];

/** /dashboard/student/placement: the open drives the student is eligible for, and their applications. */
export function PlacementPortal() {
  const jobs = useJobs();
  const mine = useMyApplications();
  const apply = useApply();
  const navigate = useNavigate();
  const [applyingId, setApplyingId] = useState<string | null>(null);

  const onApply = async (job: Job) => {
    setApplyingId(job._id);
    try {
      await apply.mutateAsync(job._id);
      navigate(paths.confirmation);
    } catch (e) {
      toast.error(serverMessage(e) ?? PLACEMENT_TEXT.applyFailed);
    } finally {
      setApplyingId(null);
    }
  };

  return (
    <section className="grid gap-6">
      <PageHeader title={PLACEMENT_TEXT.portalTitle} description={PLACEMENT_TEXT.portalDescription} />
      <Card>
        <CardHeader>
          <CardTitle>{PLACEMENT_TEXT.openJobs}</CardTitle>
        </CardHeader>
        <CardContent>
          {jobs.isPending ? (
            <div className="grid gap-3" aria-busy="true">
              <Skeleton className="h-32" />
              <Skeleton className="h-32" />
            </div>
          ) : jobs.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {NOTICES_MSG.jobsLoadFailed}
            </p>
          ) : jobs.data.jobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{NOTICES_MSG.noJobPostings}</p>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2" aria-label={PLACEMENT_TEXT.openJobs}>
              {jobs.data.jobs.map((j) => (
                <li key={j._id}>
                  <JobCard job={j} onApply={onApply} applying={applyingId === j._id} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{PLACEMENT_TEXT.myApplications}</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            caption={PLACEMENT_TEXT.myApplications}
            columns={APPLICATION_COLUMNS}
            rows={mine.data}
            rowKey={(a) => a._id}
            loading={mine.isPending}
            error={mine.isError ? PLACEMENT_TEXT.applicationsFailed : null}
            empty={PLACEMENT_TEXT.noApplications}
          />
        </CardContent>
      </Card>
    </section>
  );
}
