import type { UseQueryResult } from '@tanstack/react-query';
import type { CalendarEvent } from '@crs/shared/schemas/calendar';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { cn } from '@/lib/utils';
import { CALENDAR_TEXT as T, EVENT_KIND_LABELS } from '../texts';
import { TYPE_STYLE, whenText } from './item-visual';

/** The entries of the shown dates (GET /calendar/events), each with Edit and Delete where the caller may change it. */
export function ManageEntries({
  entries,
  canChange,
  onEdit,
  onDelete,
}: {
  entries: UseQueryResult<CalendarEvent[]>;
  canChange: (kind: string) => boolean;
  onEdit: (entry: CalendarEvent) => void;
  onDelete: (entry: CalendarEvent) => void;
}) {
  return (
    <RegionCard title={T.entriesTitle} description={T.entriesDescription}>
      <QueryState query={entries} error={T.entriesFailed} empty={T.noEntries} skeletons={['h-14', 'h-14']}>
        {(list) => (
          <ul className="grid gap-2" aria-label={T.entriesTitle}>
            {list.map((e) => {
              const Icon = TYPE_STYLE[e.kind].icon;
              return (
                <li key={e._id} className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-l-4 p-2 text-sm', TYPE_STYLE[e.kind].stripe)}>
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{e.title}</p>
                    <p className="text-muted-foreground">
                      {EVENT_KIND_LABELS[e.kind]} · {whenText({ date: e.startDate, endDate: e.endDate, start: e.startTime, end: e.endTime })} ·{' '}
                      {T.scopeText(e.scope, e.scope === 'department' ? e.departmentName : e.sectionName)}
                    </p>
                  </div>
                  {canChange(e.kind) ? (
                    <div className="flex gap-1">
                      <Button type="button" size="sm" variant="outline" aria-label={`${T.edit} ${e.title}`} onClick={() => onEdit(e)}>
                        {T.edit}
                      </Button>
                      <Button type="button" size="sm" variant="ghost" aria-label={`${T.delete} ${e.title}`} onClick={() => onDelete(e)}>
                        {T.delete}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </RegionCard>
  );
}
