import { useState } from 'react';
import { ROLLOVER_ACTIONS } from '@crs/shared/schemas/rollover';
import type { RolloverAction, RolloverResponse, RolloverSection, RolloverStudent, TermKind } from '@crs/shared/schemas/rollover';
import { BusyButton, Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import type { Column } from '@/components/ui/data-table';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { LabelledControl } from '@/components/ui/labelled-control';
import { SelectOptions } from '@/components/ui/select-options';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { serverMessage } from '@/lib/errors';
import { usePublicSettings } from '@/lib/institution-query';
import { useRollover } from '../../api/rollover';
import { ROLLOVER_TEXT as T } from '../../texts';

const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50';

/**
 * The semester rollover (issue 27 item 4): choose the closing term → preview (per section, an action
 * per student the Admin may change) → confirm → summary. The run is one request and one transaction
 * on the server; while it runs the page says so (a large college takes seconds).
 */
export function RolloverPage() {
  const settings = usePublicSettings();
  const [year, setYear] = useState<string | null>(null);
  const [term, setTerm] = useState<TermKind>('odd');
  const [overrides, setOverrides] = useState<Map<string, RolloverAction>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const preview = useRollover(true);
  const run = useRollover(false);
  const academicYear = year ?? settings.data?.academicYear ?? '';
  const body = () => ({ academicYear, term, overrides: [...overrides].map(([studentId, action]) => ({ studentId, action })) });
  const shown: RolloverResponse | undefined = run.data ?? preview.data;

  function start() {
    setOverrides(new Map());
    run.reset();
    preview.mutate({ academicYear, term, overrides: [] });
  }
  function choose(student: RolloverStudent, action: RolloverAction) {
    const next = new Map(overrides);
    next.set(student._id, action);
    setOverrides(next);
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <form
            className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              start();
            }}
          >
            <LabelledControl label={T.academicYear}>{(id) => <Input id={id} value={academicYear} onChange={(e) => setYear(e.target.value)} placeholder="2026-27" />}</LabelledControl>
            <LabelledControl label={T.term}>
              {(id) => (
                <select id={id} className={selectClass} value={term} onChange={(e) => setTerm(e.target.value as TermKind)}>
                  <SelectOptions
                    options={[
                      { value: 'odd', label: T.odd },
                      { value: 'even', label: T.even },
                    ]}
                  />
                </select>
              )}
            </LabelledControl>
            <BusyButton type="submit" busy={preview.isPending} label={T.preview} busyLabel={T.previewing} disabled={run.isPending} />
          </form>
          <FormError className="mt-4" message={preview.isError ? (serverMessage(preview.error) ?? T.previewFailed) : null} />
        </CardContent>
      </Card>

      {run.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm" aria-live="polite">
          <Spinner label={T.running} /> {T.running}
        </p>
      ) : null}

      {shown ? (
        <Summary
          answer={shown}
          editable={!run.data && !shown.alreadyRun}
          overrides={overrides}
          onChoose={choose}
          onConfirm={() => setConfirming(true)}
          busy={run.isPending}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.confirmTitle}
        description={T.confirmText(shown?.plan.counts.students ?? 0)}
        confirmLabel={T.confirm}
        busyLabel={T.running}
        failureText={T.runFailed}
        onConfirm={() => run.mutateAsync(body())}
      />
    </div>
  );
}

function Summary({
  answer,
  editable,
  overrides,
  onChoose,
  onConfirm,
  busy,
}: {
  answer: RolloverResponse;
  editable: boolean;
  overrides: ReadonlyMap<string, RolloverAction>;
  onChoose: (s: RolloverStudent, a: RolloverAction) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const c = answer.plan.counts;
  // The counts as the preview will run them: the server's, moved by the Admin's choices.
  const actionOf = (s: RolloverStudent) => overrides.get(s._id) ?? s.action;
  const all = answer.plan.sections.flatMap((s) => s.students);
  const count = (a: RolloverAction) => (editable ? all.filter((s) => actionOf(s) === a).length : a === 'promote' ? c.promoted : a === 'hold' ? c.held : c.graduated);
  return (
    <div className="grid gap-6">
      <p role="status" className="text-sm font-medium">
        {answer.alreadyRun ? T.alreadyDone : answer.dryRun ? answer.message : T.done}
      </p>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={T.students} value={c.students} />
        <StatCard label={T.promoted} value={count('promote')} />
        <StatCard label={T.held} value={count('hold')} />
        <StatCard label={T.graduated} value={count('graduate')} />
        <StatCard label={T.sectionsCreated} value={c.sectionsCreated} />
        <StatCard label={T.carried} value={c.assignmentsCarried} />
        <StatCard label={T.empty} value={c.assignmentsEmpty} />
        {answer.dryRun ? null : <StatCard label={T.alumni} value={c.alumniCreated} />}
      </div>
      {answer.plan.sections.map((s) => (
        <SectionCard key={s._id} section={s} editable={editable} actionOf={actionOf} onChoose={onChoose} />
      ))}
      {editable ? (
        <div className="flex justify-end">
          <Button type="button" onClick={onConfirm} disabled={busy}>
            {T.confirm}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function SectionCard({ section, editable, actionOf, onChoose }: { section: RolloverSection; editable: boolean; actionOf: (s: RolloverStudent) => RolloverAction; onChoose: (s: RolloverStudent, a: RolloverAction) => void }) {
  const final = section.next === null;
  const allowed = ROLLOVER_ACTIONS.filter((a) => (final ? a !== 'promote' : a !== 'graduate'));
  const columns: Column<RolloverStudent>[] = [
    { key: 'name', header: T.name, cell: (s) => s.name },
    { key: 'id', header: T.studentId, cell: (s) => s.studentId ?? T.notRecorded },
    { key: 'att', header: T.attendance, cell: (s) => (s.attendance === null ? T.notRecorded : `${s.attendance}%`) },
    { key: 'fc', header: T.failedCredits, cell: (s) => s.failedCredits },
    {
      key: 'action',
      header: T.action,
      cell: (s) =>
        editable ? (
          <select aria-label={T.actionOf(s.name)} className={selectClass} value={actionOf(s)} onChange={(e) => onChoose(s, e.target.value as RolloverAction)}>
            <SelectOptions options={allowed.map((a) => ({ value: a, label: T.actions[a] }))} />
          </select>
        ) : (
          T.actions[s.action]
        ),
    },
    { key: 'reason', header: T.reason, cell: (s) => [s.reason, s.overridden ? T.overridden : null].filter(Boolean).join(' · ') || T.notRecorded },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {section.name} · {section.department}
        </CardTitle>
        <CardDescription>{section.next ? T.nextSection(section.next.name, section.next.academicYear, section.next.exists) : T.finalSemester}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DataTable caption={`${section.name} (${section.academicYear})`} columns={columns} rows={section.students} rowKey={(s) => s._id} empty={T.notRecorded} />
        {section.next ? (
          <div>
            <h3 className="mb-2 text-sm font-medium">{T.subjects}</h3>
            {section.subjects.length === 0 ? (
              <p className="text-sm text-muted-foreground">{T.noSubjects}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {section.subjects.map((sub) => (
                  <li key={sub.code}>
                    {sub.code} {sub.name} — {sub.teacher ?? T.noTeacher}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
