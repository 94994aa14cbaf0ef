import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@crs/shared/messages';
import type { Job } from '@crs/shared/schemas/placement';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/errors';
import { formatDay } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useApply, useJobs, useMyApplications } from '../api/jobs';
import { PLACEMENT_TEXT, STATUS_LABEL, STATUS_VARIANT } from '../texts';
import { JobCard } from './job-card';

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
              {MSG.jobsLoadFailed}
            </p>
          ) : jobs.data.jobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{MSG.noJobPostings}</p>
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
          {mine.isPending ? (
            <Skeleton className="h-16" />
          ) : mine.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {MSG.jobsLoadFailed}
            </p>
          ) : mine.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{PLACEMENT_TEXT.noApplications}</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{PLACEMENT_TEXT.myApplications}</caption>
                <thead className="text-muted-foreground">
                  <tr className="border-b">
                    <th scope="col" className="py-2 pr-3 font-medium">{PLACEMENT_TEXT.company}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{PLACEMENT_TEXT.role}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{PLACEMENT_TEXT.appliedOn}</th>
                    <th scope="col" className="py-2 font-medium">{PLACEMENT_TEXT.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {mine.data.map((a) => (
                    <tr key={a._id} className="border-b last:border-0">
                      <td className="py-2 pr-3 font-medium">{a.job.company}</td>
                      <td className="py-2 pr-3">{a.job.role}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDay(a.appliedAt)}</td>
                      <td className="py-2">
                        <Badge variant={STATUS_VARIANT[a.status]}>{STATUS_LABEL[a.status]}</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
