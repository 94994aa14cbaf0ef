import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { FILE_RULES, RESUME_ACCEPT } from '@crs/shared/schemas/files';
import type { Eligibility, Job } from '@crs/shared/schemas/placement';
import { ColumnHeads } from '@/components/ui/column-heads';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LabelledControl } from '@/components/ui/labelled-control';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useApply, useEligibility } from '../api/jobs';
import { PLACEMENT_TEXT as T } from '../texts';

/** A row of the summary: the criterion, what the job asks, the student's value, met or not. */
function Criterion({ name, required, yours, met }: { name: string; required: string; yours: string; met: boolean }) {
  return (
    <tr className="border-t align-top">
      <th scope="row" className="py-1.5 pr-3 text-left font-medium">
        {name}
      </th>
      <td className="py-1.5 pr-3">{required}</td>
      <td className="py-1.5 pr-3">{yours}</td>
      <td className={met ? 'py-1.5 text-green-700 dark:text-green-400' : 'py-1.5 text-destructive'}>
        {met ? <Check aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" /> : <X aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />}
        {met ? T.met : T.notMet}
      </td>
    </tr>
  );
}

/** The job's criteria beside the student's own values, as the server judged them (GET …/eligibility). */
export function EligibilitySummary({ eligibility: e }: { eligibility: Eligibility }) {
  const codes = (list: Eligibility['department']['required']) => list.map((d) => d.code).join(', ');
  return (
    <div className="grid gap-2">
      <table className="w-full text-sm">
        <caption className="pb-1 text-left font-semibold">{T.eligibility}</caption>
        <ColumnHeads rowClassName="text-left text-muted-foreground" labels={[T.criterion, T.required, T.yours, T.result]} cellClassName="pb-1 pr-3 font-normal" lastClassName="pb-1 font-normal" />
        <tbody>
          <Criterion
            name={T.criterionDeadline}
            required={e.accepting.status === 'open' ? T.openUntil(formatDate(e.accepting.deadline)) : T.closedDrive}
            yours={T.today(formatDate(e.accepting.today))}
            met={e.accepting.met}
          />
          <Criterion
            name={T.criterionDepartment}
            required={e.department.required.length ? codes(e.department.required) : T.allDepartments}
            yours={e.department.yours.length ? codes(e.department.yours) : T.noDepartment}
            met={e.department.met}
          />
          <Criterion
            name={T.criterionCgpa}
            required={e.cgpa.required === null ? T.noMinimum : T.atLeast(e.cgpa.required)}
            yours={e.cgpa.yours === null ? T.noCgpa : e.cgpa.yours.toFixed(2)}
            met={e.cgpa.met}
          />
        </tbody>
      </table>
      <p role="status" className={e.eligible ? 'text-sm' : 'text-sm font-medium text-destructive'}>
        {e.eligible ? T.eligibleSummary : T.ineligibleSummary}
      </p>
    </div>
  );
}

/** What is wrong with a chosen résumé before it is sent (the server checks its content again). */
function resumeProblem(file: File | undefined): string | null {
  if (!file) return null;
  if (file.size > FILE_RULES.resume.maxBytes) return T.resumeTooLarge;
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return T.resumeNotPdf;
  return null;
}

/**
 * Applying to a drive: the eligibility check as the server makes it, an optional résumé, then one
 * request. On success the dialog closes and a toast confirms it; the student stays on the portal,
 * where the drive now shows the application's status. A refusal shows inside the dialog.
 */
export function ApplyDialog({ job, onOpenChange }: { job: Job | null; onOpenChange: (open: boolean) => void }) {
  const eligibility = useEligibility(job?._id);
  const apply = useApply();
  const [resume, setResume] = useState<File | undefined>(undefined);
  const problem = resumeProblem(resume);

  const change = (open: boolean) => {
    if (!open) setResume(undefined);
    onOpenChange(open);
  };
  const submit = async () => {
    if (!job) return;
    const { message } = await apply.mutateAsync({ jobId: job._id, resume });
    toast.success(message);
    setResume(undefined);
  };

  return (
    <ConfirmDialog
      open={job !== null}
      onOpenChange={change}
      onConfirm={submit}
      title={job ? T.applyTitle(job.company, job.role) : ''}
      description={T.applyDescription}
      confirmLabel={T.confirmApply}
      busyLabel={T.applying}
      cancelLabel={T.cancel}
      confirmDisabled={!eligibility.data?.eligible || problem !== null}
      failureText={T.applyFailed}
    >
      <div className="grid gap-4">
        <QueryState query={eligibility} error={T.eligibilityFailed} skeletons={['h-5', 'h-16']} loadingLabel={T.eligibilityLoading} className="gap-2">
          {(data) => <EligibilitySummary eligibility={data} />}
        </QueryState>
        <LabelledControl label={T.resumeLabel} className="grid gap-1.5">
          {(id) => (
            <>
              <input
                id={id}
                type="file"
                accept={RESUME_ACCEPT}
                aria-describedby={`${id}-hint`}
                aria-invalid={problem !== null}
                className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium"
                onChange={(e) => setResume(e.target.files?.[0] ?? undefined)}
              />
              <p id={`${id}-hint`} className={problem ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
                {problem ?? T.resumeHint}
              </p>
            </>
          )}
        </LabelledControl>
      </div>
    </ConfirmDialog>
  );
}
