import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Plus, Upload } from 'lucide-react';
import type { CalendarEvent, CalendarItem } from '@crs/shared/schemas/calendar';
import { ADMINS, hasAnyRole, STAFF_AREA } from '@crs/shared/roles';
import { ImportDialog } from '@/components/import/import-dialog';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useAuth } from '@/lib/auth';
import { collegeToday, formatDate, formatMonth } from '@/lib/format-date';
import { HOLIDAY_IMPORT_INVALIDATES, importHolidays, useCalendar, useCalendarEvents, useDeleteCalendarEvent } from '../api/calendar';
import { addDays, addMonths, endOfMonth, isDay, startOfMonth, startOfWeek } from '../lib/dates';
import { HOLIDAY_IMPORT_COLUMNS } from '@crs/shared/schemas/calendar';
import { CALENDAR_TEXT as T } from '../texts';
import { EventForm } from './event-form';
import { ItemDialog } from './item-dialog';
import { ManageEntries } from './manage-entries';
import { DayList, MonthGrid } from './views';

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** Where the month grid has room for seven columns; narrower, the month reads as a list of days. */
export const GRID_QUERY = '(min-width: 640px)';

/** The dates a view shows around `date`, what it fetches, and the heading that names them. */
export function rangeOf(view: CalendarView, date: string) {
  if (view === 'week') {
    const from = startOfWeek(date);
    const to = addDays(from, 6);
    return { from, to, title: `${formatDate(from)} – ${formatDate(to)}` };
  }
  const first = startOfMonth(date);
  const last = endOfMonth(date);
  // The month grid runs from the Monday before the 1st to the Sunday after the last day.
  return view === 'month' ? { from: startOfWeek(first), to: addDays(startOfWeek(last), 6), title: formatMonth(first) } : { from: first, to: last, title: formatMonth(first) };
}

type Editing = { mode: 'add' } | { mode: 'edit'; entry: CalendarEvent } | null;

/**
 * /calendar (every role): month, week and agenda of what concerns the caller; the view and the
 * date live in the URL (`?view=week&date=2026-12-07`). Admin and SuperAdmin add, change and delete
 * holidays, exam periods and events and import holidays; Staff do the same for events.
 */
export function CalendarPage() {
  const { user } = useAuth();
  const roles = user?.roles ?? [];
  const admin = hasAnyRole(roles, ADMINS);
  const manager = hasAnyRole(roles, STAFF_AREA);
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view: CalendarView = CALENDAR_VIEWS.find((v) => v === viewParam) ?? 'month';
  const dateParam = params.get('date');
  const today = collegeToday();
  const date = isDay(dateParam) ? dateParam : today;
  const range = rangeOf(view, date);
  const calendar = useCalendar(range.from, range.to);
  const entries = useCalendarEvents(range.from, range.to, manager);
  const remove = useDeleteCalendarEvent();
  const wide = useMediaQuery(GRID_QUERY);
  const [open, setOpen] = useState<CalendarItem | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ _id: string; title: string } | null>(null);
  const [importing, setImporting] = useState(false);

  const go = (next: { view?: CalendarView; date?: string }) => {
    const v = next.view ?? view;
    const d = next.date ?? date;
    setParams(v === 'month' && d === today ? {} : { view: v, date: d }, { replace: next.view === undefined ? false : true });
  };
  const step = (n: number) => go({ date: view === 'week' ? addDays(date, 7 * n) : addMonths(date, n) });
  const canChange = (kind: string) => admin || (manager && kind === 'event');
  const entryOf = (id: string | null) => (id ? entries.data?.find((e) => e._id === id) : undefined);

  const openEntry = open ? entryOf(open.eventId) : undefined;
  const actions =
    open && openEntry && canChange(openEntry.kind) ? (
      <>
        <Button type="button" size="sm" variant="outline" onClick={() => (setOpen(null), setEditing({ mode: 'edit', entry: openEntry }))}>
          {T.edit}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => (setOpen(null), setDeleting({ _id: openEntry._id, title: openEntry.title }))}>
          {T.delete}
        </Button>
      </>
    ) : null;

  const body = (
    <QueryState query={calendar} error={T.loadFailed} skeletons={['h-96']} loadingLabel={T.loading} toast>
      {(data) => (
        <div className="grid gap-3">
          {view === 'month' && wide ? (
            <MonthGrid items={data.items} onOpen={setOpen} onDay={(day) => go({ view: 'week', date: day })} from={range.from} to={range.to} month={date.slice(0, 7)} />
          ) : (
            <DayList
              items={data.items}
              onOpen={setOpen}
              // The month on a phone lists its own days only (not the grid's edges).
              from={view === 'month' ? startOfMonth(date) : range.from}
              to={view === 'month' ? endOfMonth(date) : range.to}
              allDays={view === 'week'}
              label={range.title}
            />
          )}
          {data.terms.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              {T.terms}: {data.terms.map((t) => `${t.name} (${formatDate(t.start)} – ${formatDate(t.end)})`).join(' · ')}
            </p>
          ) : null}
        </div>
      )}
    </QueryState>
  );

  return (
    <section className="grid gap-6 [&>*]:min-w-0">
      <PageHeader title={T.title} description={T.description}>
        {manager ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
              <Plus aria-hidden="true" />
              {T.add}
            </Button>
            {admin ? (
              <Button type="button" variant="outline" onClick={() => setImporting(true)}>
                <Upload aria-hidden="true" />
                {T.importHolidays}
              </Button>
            ) : null}
          </div>
        ) : null}
      </PageHeader>

      <Tabs value={view} onValueChange={(v) => go({ view: v as CalendarView })} className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={T.views}>
            <TabsTrigger value="month">{T.month}</TabsTrigger>
            <TabsTrigger value="week">{T.week}</TabsTrigger>
            <TabsTrigger value="agenda">{T.agenda}</TabsTrigger>
          </TabsList>
          <div className="flex items-center gap-2">
            <Button type="button" variant="outline" size="icon" aria-label={view === 'week' ? T.previousWeek : T.previousMonth} onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button type="button" variant="outline" onClick={() => go({ date: today })}>
              {T.today}
            </Button>
            <Button type="button" variant="outline" size="icon" aria-label={view === 'week' ? T.nextWeek : T.nextMonth} onClick={() => step(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
        <h2 className="mt-4 text-lg font-semibold" aria-live="polite">
          {range.title}
        </h2>
        {(['month', 'week', 'agenda'] as const).map((v) => (
          <TabsContent key={v} value={v}>
            {v === view ? body : null}
          </TabsContent>
        ))}
      </Tabs>

      {manager ? <ManageEntries entries={entries} canChange={canChange} onEdit={(entry) => setEditing({ mode: 'edit', entry })} onDelete={(e) => setDeleting({ _id: e._id, title: e.title })} /> : null}

      <ItemDialog item={open} onClose={() => setOpen(null)} actions={actions} />
      <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={editing?.mode === 'edit' ? T.editTitle : T.addTitle} description={T.formDescription}>
        {(close) => <EventForm entry={editing?.mode === 'edit' ? editing.entry : undefined} day={date} eventsOnly={!admin} onDone={close} />}
      </FormDialog>
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutateAsync}
        title={T.deleteTitle}
        description={(e) => T.deleteText(e.title)}
        confirmLabel={T.delete}
        busyLabel={T.deleting}
      />
      {admin ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title={T.importTitle}
          description={T.importDescription}
          columns={HOLIDAY_IMPORT_COLUMNS}
          upload={importHolidays}
          invalidate={HOLIDAY_IMPORT_INVALIDATES}
          fileBase="holidays"
        />
      ) : null}
    </section>
  );
}
