import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Save } from 'lucide-react';
import { ASSESSMENT_MSG } from '@crs/shared/messages/assessment';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { BusyButton } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { StackedCell } from '@/components/ui/stacked-cell';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useExamMarks, useSaveExamMarks } from '../api/exam-marks';
import type { MarksGrid } from '../api/types';
import { ASSESSMENT_TEXT as T } from '../texts';

type Student = MarksGrid['students'][number];
type Line = { marks: string; absent: boolean; remarks: string };

/** The typed marks: null when blank, the number, or what is wrong with it (the server's own messages). */
export function readMark(text: string, max: number): { ok: true; value: number | null } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  if (/^-\s*\d/.test(t)) return { ok: false, message: ASSESSMENT_MSG.marksNegative };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { ok: false, message: ASSESSMENT_MSG.marksNotNumber };
  const value = Number(t);
  if (value > max) return { ok: false, message: ASSESSMENT_MSG.marksAboveMax(max) };
  return { ok: true, value };
}

const lineOf = (s: Student): Line => ({ marks: s.marks === null ? '' : String(s.marks), absent: s.absent, remarks: s.remarks ?? '' });
const same = (a: Line, b: Line) => a.absent === b.absent && a.remarks.trim() === b.remarks.trim() && (a.absent || a.marks.trim() === b.marks.trim());

/** Marks of one exam in a grid: the section's roster, marks 0…max checked as typed, absent, remarks; Save writes the changed lines. */
export function MarksGridPage({ examId }: { examId: string }) {
  const grid = useExamMarks(examId);
  if (grid.isPending) return <Skeleton className="h-96" aria-label={`${T.gridCaption}: loading`} />;
  if (grid.isError)
    return (
      <section>
        <PageHeader title={T.marks} />
        <FormError message={serverMessage(grid.error) ?? T.loadFailed} />
        <BackLink className="mt-4" />
      </section>
    );
  // A fresh editor per saved state: after a save the server's answer is the new starting point.
  return <GridEditor key={grid.dataUpdatedAt} grid={grid.data} />;
}

function BackLink({ className = '' }: { className?: string }) {
  return (
    <Link to={paths.teacherExams} className={cn('inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline', className)}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {T.backToExams}
    </Link>
  );
}

function GridEditor({ grid }: { grid: MarksGrid }) {
  const { exam, students } = grid;
  const save = useSaveExamMarks(exam._id);
  const [lines, setLines] = useState<Record<string, Line>>(() => Object.fromEntries(students.map((s) => [s.studentId, lineOf(s)])));
  const [error, setError] = useState<string | null>(null);

  const checks = Object.fromEntries(students.map((s) => [s.studentId, lines[s.studentId]!.absent ? ({ ok: true, value: null } as const) : readMark(lines[s.studentId]!.marks, exam.maxMarks)]));
  const changed = students.filter((s) => !same(lines[s.studentId]!, lineOf(s)));
  const invalid = students.filter((s) => !checks[s.studentId]!.ok);
  const marked = students.filter((s) => lines[s.studentId]!.absent || lines[s.studentId]!.marks.trim() !== '').length;
  const absent = students.filter((s) => lines[s.studentId]!.absent).length;

  function update(id: string, patch: Partial<Line>) {
    setLines((prev) => ({ ...prev, [id]: { ...prev[id]!, ...patch } }));
  }

  async function onSave(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (invalid.length > 0) {
      setError(T.fixErrors);
      return;
    }
    if (changed.length === 0) {
      setError(T.nothingChanged);
      return;
    }
    const entries = changed.map((s) => {
      const line = lines[s.studentId]!;
      const check = checks[s.studentId]!;
      return { studentId: s.studentId, absent: line.absent, marks: line.absent || !check.ok ? null : check.value, remarks: line.remarks.trim() || undefined };
    });
    try {
      await save.mutateAsync(entries);
      toast.success(ASSESSMENT_MSG.marksSaved);
    } catch (err) {
      setError(serverMessage(err) ?? T.saveMarksFailed);
    }
  }

  const columns: Column<Student>[] = [
    {
      key: 'student',
      header: T.student,
      cell: (s) => <StackedCell className="grid min-w-32" main={s.name} sub={s.rollNumber ?? '—'} mainClassName="font-medium" subClassName="font-mono text-xs text-muted-foreground" />,
    },
    {
      key: 'marks',
      header: `${T.marks} (0–${exam.maxMarks})`,
      cell: (s) => {
        const line = lines[s.studentId]!;
        const check = checks[s.studentId]!;
        const errorId = `marks-error-${s.studentId}`;
        return (
          <div className="grid w-24 gap-1">
            <Input
              aria-label={T.marksFor(s.name)}
              inputMode="decimal"
              autoComplete="off"
              className="h-9 tabular-nums"
              value={line.absent ? '' : line.marks}
              disabled={line.absent}
              aria-invalid={!check.ok}
              aria-describedby={check.ok ? undefined : errorId}
              onChange={(e) => update(s.studentId, { marks: e.target.value })}
            />
            {check.ok ? null : (
              <p id={errorId} role="alert" className="text-xs text-destructive">
                {check.message}
              </p>
            )}
          </div>
        );
      },
    },
    {
      key: 'absent',
      header: T.absent,
      cell: (s) => (
        <input
          type="checkbox"
          className="mt-2.5 size-4"
          aria-label={T.absentFor(s.name)}
          checked={lines[s.studentId]!.absent}
          onChange={(e) => update(s.studentId, { absent: e.target.checked })}
        />
      ),
    },
    {
      key: 'remarks',
      header: T.remarks,
     
      cell: (s) => (
        <Input aria-label={T.remarksFor(s.name)} className="h-9 min-w-40" maxLength={200} value={lines[s.studentId]!.remarks} onChange={(e) => update(s.studentId, { remarks: e.target.value })} />
      ),
    },
  ];

  return (
    <section>
      <PageHeader title={T.gridTitle(exam.name)} description={T.gridIntro(exam.label, exam.subjectName, exam.maxMarks)}>
        <Badge variant={exam.published ? 'success' : 'outline'}>{exam.published ? T.published : T.draft}</Badge>
      </PageHeader>
      <form onSubmit={(e) => void onSave(e)} noValidate>
        <Card role="region" aria-labelledby="marks-grid-title">
          <CardHeader>
            <CardTitle id="marks-grid-title">{T.gridCaption}</CardTitle>
            <p className="text-sm text-muted-foreground">{exam.published ? T.publishedNote : T.draftNote}</p>
          </CardHeader>
          <CardContent className="grid gap-4">
            <DataTable caption={T.gridCaption} columns={columns} rows={students} rowKey={(s) => s.studentId} empty={T.noStudents} rowProps={(s) => ({ 'data-testid': `marks-${s.rollNumber ?? s.studentId}` })} />
            <p className="text-sm" aria-live="polite">
              {T.gridCounts(marked, absent, students.length)}
              {changed.length > 0 ? <span className="text-muted-foreground"> · {T.unsaved(changed.length)}</span> : null}
            </p>
            <FormError message={error} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <BackLink />
              <BusyButton type="submit" busy={save.isPending} disabled={students.length === 0} label={T.save} busyLabel={T.saving} icon={<Save aria-hidden="true" />} />
            </div>
          </CardContent>
        </Card>
      </form>
    </section>
  );
}
