import { useState } from 'react';
import { PLACEMENT_MSG } from '@crs/shared/messages/placement';
import { CELL_STATUSES } from '@crs/shared/schemas/placement';
import type { Applicant, CellStatus, Job } from '@crs/shared/schemas/placement';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormDialog } from '@/components/ui/dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { downloadApplicants, useApplicants, useSetStatus } from '../api/applicants';
import { useJobs, useSaveJob } from '../api/jobs';
import { PLACEMENT_TEXT, STATUS_LABEL, STATUS_VARIANT } from '../texts';
import { JobForm } from './job-form';

type Editing = { mode: 'add' } | { mode: 'edit'; job: Job } | null;
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

  const jobColumns: Column<Job>[] = [
    {
      key: 'company',
      header: PLACEMENT_TEXT.company,
      cell: (j) => (
        <>
          <span className="font-medium">{j.company}</span>
          <span className="block text-xs text-muted-foreground">{j.role}</span>
        </>
      ),
    },
    { key: 'package', header: PLACEMENT_TEXT.packageLabel, className: 'whitespace-nowrap', cell: (j) => j.packageLpa },
    { key: 'deadline', header: PLACEMENT_TEXT.deadlineLabel, className: 'whitespace-nowrap', cell: (j) => formatDate(j.deadline) },
    { key: 'status', header: PLACEMENT_TEXT.status, cell: (j) => <JobState job={j} /> },
    {
      key: 'applicants',
      header: PLACEMENT_TEXT.applicants,
      cell: (j) => (
        <Button type="button" size="sm" variant={selected === j._id ? 'default' : 'outline'} aria-label={PLACEMENT_TEXT.viewApplicants(j.applicants, j.company)} onClick={() => setSelected(j._id)}>
          {j.applicants}
        </Button>
      ),
    },
    {
      key: 'actions',
      header: PLACEMENT_TEXT.actions,
      srOnlyHeader: true,
      cell: (j) => (
        <div className="flex flex-wrap gap-1">
          <Button type="button" size="sm" variant="outline" aria-label={`${PLACEMENT_TEXT.edit} ${j.company}`} onClick={() => setEditing({ mode: 'edit', job: j })}>
            {PLACEMENT_TEXT.edit}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => void toggleOpen(j)} aria-label={`${j.status === 'open' ? PLACEMENT_TEXT.close : PLACEMENT_TEXT.reopen}: ${j.company}`}>
            {j.status === 'open' ? PLACEMENT_TEXT.close : PLACEMENT_TEXT.reopen}
          </Button>
        </div>
      ),
    },
  ];

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
          <DataTable
            caption={PLACEMENT_TEXT.jobs}
            columns={jobColumns}
            rows={jobs.data?.jobs}
            rowKey={(j) => j._id}
            loading={jobs.isPending}
            error={jobs.isError ? PLACEMENT_MSG.jobsLoadFailed : null}
            empty={PLACEMENT_MSG.noJobPostings}
          />
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
  const change = async (id: string, status: CellStatus) => {
    try {
      const { message } = await setStatus.mutateAsync({ id, status });
      toast.success(message);
    } catch (e) {
      toast.error(serverMessage(e) ?? PLACEMENT_TEXT.statusFailed);
    }
  };
  const applicantColumns: Column<Applicant>[] = [
    {
      key: 'name',
      header: PLACEMENT_TEXT.name,
      cell: (a) => (
        <>
          <span className="font-medium">{a.student.name}</span>
          <span className="block text-xs text-muted-foreground">{a.student.studentId ?? a.student.email}</span>
        </>
      ),
    },
    { key: 'department', header: PLACEMENT_TEXT.department, cell: (a) => a.student.department ?? '—' },
    { key: 'cgpa', header: PLACEMENT_TEXT.cgpa, cell: (a) => (a.cgpa === null ? '—' : a.cgpa.toFixed(2)) },
    { key: 'applied', header: PLACEMENT_TEXT.appliedOn, className: 'whitespace-nowrap', cell: (a) => formatDate(a.appliedAt) },
    {
      key: 'resume',
      header: PLACEMENT_TEXT.resume,
      // A signed link from the answer: it opens in a new tab without the bearer token.
      cell: (a) =>
        a.resume ? (
          <a href={a.resume.url} target="_blank" rel="noreferrer" className="text-primary underline-offset-4 hover:underline" aria-label={PLACEMENT_TEXT.resumeOf(a.resume.filename, a.student.name)}>
            {a.resume.filename}
          </a>
        ) : (
          PLACEMENT_TEXT.noResume
        ),
    },
    {
      key: 'status',
      header: PLACEMENT_TEXT.status,
      // A withdrawal is the student's: the cell sees it and cannot change it.
      cell: (a) =>
        a.status === 'withdrawn' ? (
          <Badge variant={STATUS_VARIANT.withdrawn}>{STATUS_LABEL.withdrawn}</Badge>
        ) : (
          <select aria-label={PLACEMENT_TEXT.statusOf(a.student.name)} className={selectClass} value={a.status} onChange={(e) => void change(a._id, e.target.value as CellStatus)}>
            {CELL_STATUSES.map((st) => (
              <option key={st} value={st}>
                {STATUS_LABEL[st]}
              </option>
            ))}
          </select>
        ),
    },
  ];
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
        <DataTable
          caption={PLACEMENT_TEXT.applicants}
          columns={applicantColumns}
          rows={applicants.data?.applications}
          rowKey={(a) => a._id}
          loading={applicants.isPending}
          error={applicants.isError ? PLACEMENT_TEXT.applicantsFailed : null}
          empty={PLACEMENT_TEXT.noApplicants}
        />
      </CardContent>
    </Card>
  );
}
