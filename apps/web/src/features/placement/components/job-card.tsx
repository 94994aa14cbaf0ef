import { Briefcase, CalendarClock, IndianRupee, MapPin } from 'lucide-react';
import type { Job } from '@crs/shared/schemas/placement';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { PLACEMENT_TEXT, STATUS_LABEL, STATUS_VARIANT } from '../texts';

/**
 * One drive as a student sees it, with where their application stands: Apply (again, after a
 * withdrawal), or Withdraw while the server says they still may.
 */
export function JobCard({ job, onApply, onWithdraw }: { job: Job; onApply: (job: Job) => void; onWithdraw: (job: Job) => void }) {
  const mine = job.myApplication;
  const canApply = (!mine || mine.status === 'withdrawn') && job.acceptingApplications;
  return (
    <article className="grid gap-3 rounded-md border p-4" aria-label={`${job.company}, ${job.role}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{job.company}</h3>
          <p className="text-sm break-words text-muted-foreground">
            <Briefcase aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
            {job.role}
          </p>
        </div>
        {job.myApplication ? <Badge variant={STATUS_VARIANT[job.myApplication.status]}>{STATUS_LABEL[job.myApplication.status]}</Badge> : null}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <li>
          <IndianRupee aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
          {PLACEMENT_TEXT.package(job.packageLpa)}
        </li>
        {job.location ? (
          <li>
            <MapPin aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
            {job.location}
          </li>
        ) : null}
        <li>
          <CalendarClock aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
          {PLACEMENT_TEXT.deadline(formatDate(job.deadline))}
        </li>
      </ul>
      <p className="text-xs text-muted-foreground">
        {job.eligibleDepartments.length ? job.eligibleDepartments.map((d) => d.code).join(', ') : PLACEMENT_TEXT.allDepartments} ·{' '}
        {job.minCgpa === null ? PLACEMENT_TEXT.noMinCgpa : PLACEMENT_TEXT.minCgpa(job.minCgpa)}
      </p>
      {job.description ? <p className="text-sm break-words">{job.description}</p> : null}
      {canApply || mine?.withdrawable ? (
        <div className="flex flex-wrap gap-2">
          {canApply ? (
            <Button type="button" onClick={() => onApply(job)} aria-label={PLACEMENT_TEXT.applyTo(job.company, job.role)}>
              {PLACEMENT_TEXT.apply}
            </Button>
          ) : null}
          {mine?.withdrawable ? (
            <Button type="button" variant="outline" onClick={() => onWithdraw(job)} aria-label={PLACEMENT_TEXT.withdrawFrom(job.company, job.role)}>
              {PLACEMENT_TEXT.withdraw}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
