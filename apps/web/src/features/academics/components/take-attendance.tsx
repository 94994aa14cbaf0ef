import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarPlus, CheckCheck, Download, Save } from 'lucide-react';
import { ATTENDANCE_STATUSES } from '@crs/shared/constants/attendance';
import { Badge } from '@/components/ui/badge';
import { BusyButton, Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { LabelledControl } from '@/components/ui/labelled-control';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSaveSession, useSession } from '../api/attendance-session';
import { downloadRegister, type RegisterFormat } from '../api/download-register';
import { useDayClasses } from '../api/get-day-classes';
import { useMySubjects } from '../api/get-my-subjects';
import type { AttendanceStatus, DayClass, RosterEntry, SessionAnswer } from '../api/types';
import { ACADEMICS_TEXT as T } from '../texts';

/** "YYYY-MM-DD" `days` before `date` (calendar arithmetic in UTC, so no time zone shifts the day). */
export function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** The class picker's value for one class: a teacher may teach the same assignment twice a day. */
const classKey = (c: Pick<DayClass, 'assignmentId' | 'start'>) => `${c.assignmentId}@${c.start}`;

/** An extra class being declared (issue 25): not on the timetable, so it is in the day's list only once saved. */
type ExtraDraft = { assignmentId: string; label: string; subjectName: string; start: string; end: string };

/**
 * Attendance taking (issue 11): a date (today, or back within the correction window), one of the
 * caller's classes that day, then the section's roster. The date and class live in the URL, so a
 * reload or a shared link opens the same register. A class held outside the timetable is declared
 * as an 'Extra class' (class, start and end); once saved it is listed with the day's classes. On a
 * section's holiday (issue 27) its classes are listed as not held and cannot be picked.
 */
export function TakeAttendance() {
  const [params, setParams] = useSearchParams();
  const dateParam = params.get('date') ?? undefined;
  const day = useDayClasses(dateParam);
  // The choice shows at once; the URL follows (a router navigation may settle a frame later).
  const [selectedKey, setSelectedKey] = useState<string | null>(() => params.get('class'));
  const [extra, setExtra] = useState<ExtraDraft | null>(null);

  if (day.isPending) return <Skeleton className="h-40" aria-label={`${T.classes}: loading`} />;
  if (day.isError) return <FormError message={serverMessage(day.error) ?? T.loadFailed} />;
  const { date, today, correctionDays, classes } = day.data;
  // A class on its section's holiday is not held: it cannot be opened as a regular class (the server
  // answers 409), only declared as an extra class below.
  const listed = classes.find((c) => classKey(c) === selectedKey && !c.holiday) ?? null;
  const draft = !listed && extra && classKey(extra) === selectedKey ? extra : null;
  const selected = listed ?? draft;

  function update(next: { date?: string; class?: string | null }) {
    const p = new URLSearchParams(params);
    if (next.date !== undefined) {
      p.set('date', next.date);
      p.delete('class');
      setSelectedKey(null);
      setExtra(null);
    }
    if (next.class !== undefined) {
      if (next.class) p.set('class', next.class);
      else p.delete('class');
      setSelectedKey(next.class);
    }
    setParams(p, { replace: true });
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{T.classes}</CardTitle>
          <CardDescription>{T.attendanceIntro(correctionDays)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LabelledControl label={T.date} className="grid max-w-xs gap-2">
            {(id) => (
              <Input
                id={id}
                type="date"
                value={date}
                min={daysBefore(today, correctionDays)}
                max={today}
                onChange={(e) => {
                  if (e.target.value) update({ date: e.target.value });
                }}
              />
            )}
          </LabelledControl>
          {classes.length === 0 ? (
            <EmptyState>{T.noClasses}</EmptyState>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{T.classes}</legend>
              {classes.map((c) => {
                const key = classKey(c);
                return (
                  <label
                    key={key}
                    className={cn(
                      'flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      c.holiday && 'cursor-not-allowed bg-muted/40 text-muted-foreground',
                    )}
                  >
                    <input type="radio" name="class" className="size-4" checked={key === selectedKey && !c.holiday} disabled={!!c.holiday} onChange={() => update({ class: key })} />
                    <span className="font-medium tabular-nums">{c.end ? `${c.start}–${c.end}` : c.start}</span>
                    <span className="font-medium">{c.label}</span>
                    <span className="text-muted-foreground">
                      {c.subjectName}
                      {c.room ? ` · ${T.room} ${c.room}` : ''}
                    </span>
                    {c.extra ? <Badge variant="outline">{T.extraClass}</Badge> : null}
                    {c.holiday ? <Badge variant="outline">{T.classOnHoliday(c.holiday)}</Badge> : null}
                    {c.sessionId ? <Badge variant="success">Saved</Badge> : null}
                  </label>
                );
              })}
            </fieldset>
          )}
          {classes.some((c) => c.holiday) ? <p className="text-sm text-muted-foreground">{T.classOnHolidayHint}</p> : null}
          {classes.length > 0 && !selected ? <p className="text-sm text-muted-foreground">{T.chooseClass}</p> : null}
          {day.data.editable ? (
            <ExtraClassForm
              key={date}
              onOpen={(d) => {
                setExtra(d);
                update({ class: classKey(d) });
              }}
            />
          ) : null}
        </CardContent>
      </Card>
      {selected ? (
        <SessionRegister
          key={`${classKey(selected)}-${date}`}
          assignmentId={selected.assignmentId}
          date={date}
          start={selected.start}
          extraEnd={draft ? draft.end : undefined}
        />
      ) : null}
    </div>
  );
}

/**
 * 'Extra class': one of the caller's classes with the start and end of a class held outside the
 * timetable (a make-up or special class); opens its register, saved as an extra class.
 */
function ExtraClassForm({ onOpen }: { onOpen: (draft: ExtraDraft) => void }) {
  const subjects = useMySubjects();
  const [open, setOpen] = useState(false);
  const [assignmentId, setAssignmentId] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <CalendarPlus aria-hidden="true" />
          {T.extraClass}
        </Button>
      </div>
    );
  const list = subjects.data?.subjects ?? [];
  return (
    <form
      aria-label={T.extraClass}
      className="grid gap-3 rounded-md border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const s = list.find((x) => x.assignmentId === assignmentId);
        if (!s || !start || !end) return setError(T.extraClassIncomplete);
        if (end <= start) return setError(T.extraClassEnd);
        setError(null);
        onOpen({ assignmentId, label: `${s.code} · ${s.section}`, subjectName: s.name, start, end });
      }}
    >
      <p className="text-sm text-muted-foreground">{T.extraClassIntro}</p>
      <div className="flex flex-wrap items-end gap-3">
        <LabelledControl label={T.classColumn}>
          {(id) => (
            <select id={id} className="h-9 rounded-md border bg-background px-2 text-sm" value={assignmentId} onChange={(e) => setAssignmentId(e.target.value)}>
              <option value="">{T.chooseOne}</option>
              {list.map((x) => (
                <option key={x.assignmentId} value={x.assignmentId}>
                  {x.code} · {x.section} — {x.name}
                </option>
              ))}
            </select>
          )}
        </LabelledControl>
        <LabelledControl label={T.startTime}>{(id) => <Input id={id} type="time" value={start} onChange={(e) => setStart(e.target.value)} className="w-32" />}</LabelledControl>
        <LabelledControl label={T.endTime}>{(id) => <Input id={id} type="time" value={end} onChange={(e) => setEnd(e.target.value)} className="w-32" />}</LabelledControl>
        <Button type="submit">{T.openRegister}</Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {T.cancel}
        </Button>
      </div>
      <FormError message={error} />
    </form>
  );
}

function SessionRegister({ assignmentId, date, start, extraEnd }: { assignmentId: string; date: string; start: string; extraEnd: string | undefined }) {
  const session = useSession({ assignmentId, date, start });
  // A fresh editor per saved state: after a save its answer is the new starting point.
  return (
    <QueryState query={session} error={serverMessage(session.error) ?? T.loadFailed} skeletons={['h-96']} loadingLabel={`${T.student}: loading`}>
      {(data) => <RosterEditor key={data.session?.savedAt ?? 'new'} session={data} start={start} extraEnd={extraEnd} />}
    </QueryState>
  );
}

type Marks = Record<string, AttendanceStatus | null>;

function countMarks(students: readonly RosterEntry[], marks: Marks) {
  const c = { present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 };
  for (const s of students) c[marks[s.studentId] ?? 'unmarked'] += 1;
  return c;
}

const STATUS_STYLE: Record<AttendanceStatus, string> = {
  // 700 shades: white text on them keeps 4.5:1 (axe color-contrast), light or dark theme.
  present: 'peer-checked:bg-green-700 peer-checked:text-white peer-checked:border-green-700',
  absent: 'peer-checked:bg-red-700 peer-checked:text-white peer-checked:border-red-700',
  late: 'peer-checked:bg-amber-400 peer-checked:text-black peer-checked:border-amber-400',
  excused: 'peer-checked:bg-sky-700 peer-checked:text-white peer-checked:border-sky-700',
};

function RosterEditor({ session, start, extraEnd }: { session: SessionAnswer; start: string; extraEnd: string | undefined }) {
  const save = useSaveSession();
  const [marks, setMarks] = useState<Marks>(() => Object.fromEntries(session.students.map((s) => [s.studentId, s.status])));
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<RegisterFormat | null>(null);
  const counts = countMarks(session.students, marks);
  const readOnly = !session.editable;

  async function onSave() {
    setError(null);
    const records = session.students.flatMap((s) => {
      const status = marks[s.studentId];
      return status ? [{ studentId: s.studentId, status }] : [];
    });
    if (records.length === 0) {
      setError(T.nothingMarked);
      return;
    }
    try {
      // A declared extra class not saved yet carries its declaration; a saved one is just corrected.
      const declared = extraEnd && !session.session ? { extra: true, end: extraEnd } : {};
      const saved = await save.mutateAsync({ assignmentId: session.assignmentId, date: session.date, start, ...declared, records });
      toast.success(saved.message);
    } catch (e) {
      setError(serverMessage(e) ?? T.actionFailed);
    }
  }

  async function onExport(format: RegisterFormat) {
    setExporting(format);
    try {
      await downloadRegister(session.assignmentId, format, `attendance-${session.subjectCode}-${session.section}`);
    } catch (e) {
      toast.error(serverMessage(e) ?? T.exportFailed);
    } finally {
      setExporting(null);
    }
  }

  return (
    <Card role="region" aria-labelledby="register-title">
      <CardHeader>
        <CardTitle id="register-title">
          {session.label} · {formatDate(session.date)}, {start}
          {session.extra || extraEnd ? ` · ${T.extraClass}` : ''}
        </CardTitle>
        <CardDescription>
          {session.subjectName}. {session.session ? T.savedAt(formatDateTime(session.session.savedAt), session.session.savedBy) : T.notSaved}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {readOnly ? <FormError message={T.readOnly(session.correctionDays)} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={readOnly || session.students.length === 0} onClick={() => setMarks(Object.fromEntries(session.students.map((s) => [s.studentId, 'present'])))}>
            <CheckCheck aria-hidden="true" />
            {T.markAllPresent}
          </Button>
          <Button variant="outline" disabled={exporting !== null} onClick={() => void onExport('xlsx')}>
            <Download aria-hidden="true" />
            {T.exportXlsx}
          </Button>
          <Button variant="outline" disabled={exporting !== null} onClick={() => void onExport('csv')}>
            <Download aria-hidden="true" />
            {T.exportCsv}
          </Button>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {T.counts(counts)}
        </p>
        {session.students.length === 0 ? (
          <EmptyState>{T.noStudents}</EmptyState>
        ) : (
          <ul className="grid divide-y rounded-md border" aria-label={T.student}>
            {session.students.map((s) => (
              <StudentRow
                key={s.studentId}
                student={s}
                threshold={session.threshold}
                status={marks[s.studentId] ?? null}
                disabled={readOnly}
                onChange={(status) => setMarks((m) => ({ ...m, [s.studentId]: status }))}
              />
            ))}
          </ul>
        )}
        <FormError message={error} />
        <div>
          <BusyButton busy={save.isPending} disabled={readOnly || session.students.length === 0} onClick={() => void onSave()} label={T.save} busyLabel={T.saving} icon={<Save aria-hidden="true" />} />
        </div>
      </CardContent>
    </Card>
  );
}

function StudentRow({ student: s, threshold, status, disabled, onChange }: { student: RosterEntry; threshold: number; status: AttendanceStatus | null; disabled: boolean; onChange: (status: AttendanceStatus) => void }) {
  const name = useId();
  return (
    <li className={cn('flex flex-wrap items-center justify-between gap-3 p-3', s.belowThreshold && 'bg-amber-50 dark:bg-amber-950/40')} data-testid={`roster-${s.rollNumber ?? s.studentId}`}>
      <div className="min-w-0">
        <p className="font-medium">{s.name}</p>
        <p className="text-xs text-muted-foreground">
          <span className="font-mono">{s.rollNumber ?? '—'}</span>
          {' · '}
          {s.marked > 0 ? `${s.att.toFixed(1)}% (${T.attendedOf(s.attended, s.marked)})` : T.nothingMarkedYet}
          {s.belowThreshold ? (
            <Badge variant="warning" className="ml-2">
              {T.belowThreshold(threshold)}
            </Badge>
          ) : null}
        </p>
      </div>
      <fieldset className="flex gap-1" disabled={disabled}>
        <legend className="sr-only">
          {s.name} {s.rollNumber ? `(${s.rollNumber})` : ''}: {status ? T.statusLabels[status] : T.notMarked}
        </legend>
        {ATTENDANCE_STATUSES.map((st) => (
          <label key={st} className="relative">
            <input type="radio" name={name} value={st} checked={status === st} onChange={() => onChange(st)} className="peer sr-only" aria-label={`${T.statusLabels[st]}: ${s.name}`} />
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex h-9 min-w-16 cursor-pointer items-center justify-center rounded-md border px-2 text-xs font-medium peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
                STATUS_STYLE[st],
              )}
            >
              {T.statusLabels[st]}
            </span>
          </label>
        ))}
      </fieldset>
    </li>
  );
}
