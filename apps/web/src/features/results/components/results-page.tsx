import type { ReactNode } from 'react';
import { EXAM_KIND_LABELS } from '@crs/shared/constants/assessment';
import type { Results } from '@crs/shared/schemas/assessment';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format-date';
import { useMyResults } from '../api/get-my-results';
import { RESULTS_TEXT as T } from '../texts';

type Subject = Results['subjects'][number];
type ExamResult = Subject['exams'][number];

const two = (n: number) => n.toFixed(2);
/** "21.5 / 25", "Absent", or "Not entered" for a published exam without the student's mark. */
export const marksText = (e: ExamResult) => (e.absent ? T.absent : e.marks === null ? T.notEntered : `${Number(e.marks.toFixed(2))} / ${e.maxMarks}`);

/** /dashboard/student/results: CGPA and SGPA, a table of subjects, then each subject's published exams; `downloads` (the grade card and transcript buttons) under the header. */
export function ResultsPage({ downloads }: { downloads?: ReactNode } = {}) {
  const results = useMyResults();
  return (
    <section className="grid gap-6">
      <PageHeader title={T.title} description={T.description} />
      {downloads}
      <QueryState
        query={results}
        error={T.loadFailed}
        skeletons={['h-24', 'h-48']}
        className="gap-4"
        isEmpty={(r) => r.subjects.length === 0}
        empty={
          <div className="rounded-lg border border-dashed p-6 text-center">
            <p className="font-medium">{T.empty}</p>
            <p className="mt-1 text-sm text-muted-foreground">{T.emptyHint}</p>
          </div>
        }
      >
        {(data) => <ResultsView results={data} />}
      </QueryState>
    </section>
  );
}

function ResultsView({ results }: { results: Results }) {
  const provisional = results.subjects.some((s) => s.publishedWeight < 100);
  // A student's finished terms come first (by semester), then the running one: each row says its semester.
  const columns: Column<Subject>[] = [
    { key: 'semester', header: T.semester, className: 'tabular-nums', cell: (s) => s.semester },
    { key: 'code', header: T.code, className: 'font-medium whitespace-nowrap', cell: (s) => s.code },
    { key: 'name', header: T.subject, cell: (s) => s.name },
    { key: 'credits', header: T.credits, className: 'tabular-nums', cell: (s) => s.credits },
    { key: 'percent', header: T.percent, className: 'tabular-nums whitespace-nowrap', cell: (s) => `${two(s.percent)}%` },
    { key: 'grade', header: T.grade, cell: (s) => <Badge variant={s.gradePoint === 0 ? 'destructive' : 'secondary'}>{s.grade}</Badge> },
    { key: 'gp', header: T.gradePoint, className: 'tabular-nums', cell: (s) => s.gradePoint },
  ];
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{T.summary}</CardTitle>
          {provisional ? <CardDescription>{T.provisionalNote}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div className="rounded-md border p-4">
              <dt className="text-sm text-muted-foreground">{T.cgpa}</dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums" data-testid="cgpa">
                {results.cgpa === null ? '—' : two(results.cgpa)}
              </dd>
            </div>
            {results.semesters.map((s) => (
              <div key={s.semester} className="rounded-md border p-4">
                <dt className="text-sm text-muted-foreground">{T.sgpa(s.semester)}</dt>
                <dd className="mt-1 text-3xl font-semibold tabular-nums">{two(s.sgpa)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-muted-foreground">
            {T.scaleTitle}: {T.scale(results.scale)}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{T.subjectsTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable caption={T.subjectsCaption} columns={columns} rows={results.subjects} rowKey={(s) => s.code} empty={T.empty} />
        </CardContent>
      </Card>

      <section aria-labelledby="exam-marks" className="grid gap-4">
        <h2 id="exam-marks" className="text-lg font-semibold">
          {T.examsTitle}
        </h2>
        <div className="grid gap-4 2xl:grid-cols-2">
          {results.subjects.map((s) => (
            <SubjectExams key={s.code} subject={s} />
          ))}
        </div>
      </section>
    </>
  );
}

function SubjectExams({ subject: s }: { subject: Subject }) {
  const columns: Column<ExamResult>[] = [
    { key: 'name', header: T.exam, cell: (e) => e.name },
    { key: 'kind', header: T.kind, cell: (e) => EXAM_KIND_LABELS[e.kind] },
    { key: 'date', header: T.date, className: 'whitespace-nowrap', cell: (e) => formatDate(e.date) },
    { key: 'weight', header: T.weight, className: 'tabular-nums', cell: (e) => `${e.weight}%` },
    { key: 'marks', header: T.marks, className: 'tabular-nums whitespace-nowrap', cell: marksText },
  ];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <h3 className="font-semibold leading-tight">
          {s.code} · {s.name}
        </h3>
        <p className="text-sm text-muted-foreground">
          {T.creditsSemester(s.credits, s.semester)} · {`${two(s.percent)}%`} · {s.grade} ({s.gradePoint})
        </p>
        {s.publishedWeight < 100 ? (
          <p className="text-xs">
            <Badge variant="warning">{T.provisional(s.publishedWeight)}</Badge>
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <DataTable caption={T.examsCaption(s.code)} columns={columns} rows={s.exams} rowKey={(e) => e._id} empty={T.empty} />
      </CardContent>
    </Card>
  );
}
