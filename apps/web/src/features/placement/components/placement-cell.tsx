import { useState } from 'react';
import { MSG } from '@crs/shared/messages';
import { APPLICATION_STATUSES } from '@crs/shared/schemas/placement';
import type { ApplicationStatus, Job } from '@crs/shared/schemas/placement';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormDialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '@/lib/errors';
import { formatDay } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { downloadApplicants, useApplicants, useSetStatus } from '../api/applicants';
import { useJobs, useSaveJob } from '../api/jobs';
import { PLACEMENT_TEXT, STATUS_LABEL } from '../texts';
import { JobForm } from './job-form';

type Editing = { mode: 'add' } | { mode: 'edit'; job: Job } | null;
const th = 'py-2 pr-3 font-medium';
const selectClass = 'h-9 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function JobState({ job }: { job: Job }) {
  if (job.status === 'closed') return <Badge variant="outline">{PLACEMENT_TEXT.closed}</Badge>;
  if (!job.acceptingApplications) return <Badge variant="warning">{PLACEMENT_TEXT.pastDeadline}</Badge>;
  return <Badge variant="success">{PLACEMENT_TEXT.open}</Badge>;
}

/** The placement cell's page (/dashboard/placement): drives, applicants per drive, status changes, exports. */
export function PlacementCell() {
  const jobs = useJobs();
  const save = useSaveJob();
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<string | undefined>();

  const toggleOpen = async (job: Job) => {
    try {
      const { message } = await save.mutateAsync({ id: job._id, input: { status: job.status === 'open' ? 'closed' : 'open' } });
      toast.success(message);
    } catch (e) {
      toast.error(serverMessage(e) ?? PLACEMENT_TEXT.saveFailed);
    }
  };

  return (
    <section className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title={PLACEMENT_TEXT.cellTitle} description={PLACEMENT_TEXT.cellDescription}>
        <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
          {PLACEMENT_TEXT.postJob}
        </Button>
      </PageHeader>
      <Card>
        <CardHeader>
          <CardTitle>{PLACEMENT_TEXT.jobs}</CardTitle>
        </CardHeader>
        <CardContent>
          {jobs.isPending ? (
            <Skeleton className="h-32" />
          ) : jobs.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {MSG.jobsLoadFailed}
            </p>
          ) : jobs.data.jobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{MSG.noJobPostings}</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{PLACEMENT_TEXT.jobs}</caption>
                <thead className="text-muted-foreground">
                  <tr className="border-b">
                    <th scope="col" className={th}>{PLACEMENT_TEXT.company}</th>
                    <th scope="col" className={th}>{PLACEMENT_TEXT.packageLabel}</th>
                    <th scope="col" className={th}>{PLACEMENT_TEXT.deadlineLabel}</th>
                    <th scope="col" className={th}>{PLACEMENT_TEXT.status}</th>
                    <th scope="col" className={th}>{PLACEMENT_TEXT.applicants}</th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {jobs.data.jobs.map((j) => (
                    <tr key={j._id} className="border-b align-top last:border-0">
                      <td className="py-2 pr-3">
                        <span className="font-medium">{j.company}</span>
                        <span className="block text-xs text-muted-foreground">{j.role}</span>
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{j.packageLpa}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDay(j.deadline)}</td>
                      <td className="py-2 pr-3">
                        <JobState job={j} />
                      </td>
                      <td className="py-2 pr-3">
                        <Button type="button" size="sm" variant={selected === j._id ? 'default' : 'outline'} aria-label={PLACEMENT_TEXT.viewApplicants(j.applicants, j.company)} onClick={() => setSelected(j._id)}>
                          {j.applicants}
                        </Button>
                      </td>
                      <td className="py-2">
                        <div className="flex flex-wrap gap-1">
                          <Button type="button" size="sm" variant="outline" aria-label={`${PLACEMENT_TEXT.edit} ${j.company}`} onClick={() => setEditing({ mode: 'edit', job: j })}>
                            {PLACEMENT_TEXT.edit}
                          </Button>
                          <Button type="button" size="sm" variant="ghost" onClick={() => void toggleOpen(j)} aria-label={`${j.status === 'open' ? PLACEMENT_TEXT.close : PLACEMENT_TEXT.reopen}: ${j.company}`}>
                            {j.status === 'open' ? PLACEMENT_TEXT.close : PLACEMENT_TEXT.reopen}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      {selected ? <Applicants jobId={selected} /> : null}
      <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={editing?.mode === 'edit' ? PLACEMENT_TEXT.editJob : PLACEMENT_TEXT.postJob} wide>
        {(close) => <JobForm job={editing?.mode === 'edit' ? editing.job : undefined} onDone={close} />}
      </FormDialog>
    </section>
  );
}

function Applicants({ jobId }: { jobId: string }) {
  const applicants = useApplicants(jobId);
  const setStatus = useSetStatus();
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const exportAs = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      await downloadApplicants(jobId, format);
    } catch (e) {
      toast.error(serverMessage(e) ?? PLACEMENT_TEXT.exportFailed);
    } finally {
      setExporting(null);
    }
  };
  const change = async (id: string, status: ApplicationStatus) => {
    try {
      const { message } = await setStatus.mutateAsync({ id, status });
      toast.success(message);
    } catch (e) {
      toast.error(serverMessage(e) ?? PLACEMENT_TEXT.statusFailed);
    }
  };
  const job = applicants.data?.job;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{job ? PLACEMENT_TEXT.applicantsOf(job.company, job.role) : PLACEMENT_TEXT.applicants}</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" disabled={exporting !== null} onClick={() => void exportAs('xlsx')}>
            {exporting === 'xlsx' ? PLACEMENT_TEXT.exporting : PLACEMENT_TEXT.exportExcel}
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={exporting !== null} onClick={() => void exportAs('csv')}>
            {exporting === 'csv' ? PLACEMENT_TEXT.exporting : PLACEMENT_TEXT.exportCsv}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {applicants.isPending ? (
          <Skeleton className="h-24" />
        ) : applicants.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {MSG.jobsLoadFailed}
          </p>
        ) : applicants.data.applications.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PLACEMENT_TEXT.noApplicants}</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{PLACEMENT_TEXT.applicants}</caption>
              <thead className="text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className={th}>{PLACEMENT_TEXT.name}</th>
                  <th scope="col" className={th}>{PLACEMENT_TEXT.department}</th>
                  <th scope="col" className={th}>{PLACEMENT_TEXT.cgpa}</th>
                  <th scope="col" className={th}>{PLACEMENT_TEXT.appliedOn}</th>
                  <th scope="col" className="py-2 font-medium">{PLACEMENT_TEXT.status}</th>
                </tr>
              </thead>
              <tbody>
                {applicants.data.applications.map((a) => (
                  <tr key={a._id} className="border-b last:border-0">
                    <td className="py-2 pr-3">
                      <span className="font-medium">{a.student.name}</span>
                      <span className="block text-xs text-muted-foreground">{a.student.studentId ?? a.student.email}</span>
                    </td>
                    <td className="py-2 pr-3">{a.student.department ?? '—'}</td>
                    <td className="py-2 pr-3">{a.cgpa === null ? '—' : a.cgpa.toFixed(2)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDay(a.appliedAt)}</td>
                    <td className="py-2">
                      <select aria-label={PLACEMENT_TEXT.statusOf(a.student.name)} className={selectClass} value={a.status} onChange={(e) => void change(a._id, e.target.value as ApplicationStatus)}>
                        {APPLICATION_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {STATUS_LABEL[s]}
                          </option>
                        ))}
                      </select>
                    </td>
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
