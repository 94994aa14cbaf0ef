import type { CalendarItem } from '@crs/shared/schemas/calendar';
import { EmptyState } from '@/components/ui/form-error';
import { collegeToday, formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { covers, daysBetween, weekday } from '../lib/dates';
import { CALENDAR_TEXT as T } from '../texts';
import { ItemButton } from './item-visual';

type ViewProps = { items: readonly CalendarItem[]; onOpen: (item: CalendarItem) => void };

const itemsOn = (items: readonly CalendarItem[], day: string) => items.filter((i) => covers(i, day));
const dayLabel = (day: string) => `${T.weekdays[weekday(day) - 1]} ${formatDate(day)}`;
/** How many items a month cell lists before '+n more' (the rest are in the day's agenda). */
const CELL_ITEMS = 3;

/**
 * The month as a 7-column grid (wide screens): one cell a day, the month's other days dimmed,
 * today outlined; a full day's '+n more' opens its week. Each cell is a list named by its day and count, so a screen reader hears the
 * day before its items.
 */
export function MonthGrid({ items, onOpen, onDay, from, to, month }: ViewProps & { from: string; to: string; month: string; onDay: (day: string) => void }) {
  const today = collegeToday();
  const days = daysBetween(from, to);
  return (
    <div className="overflow-hidden rounded-md border" data-testid="month-grid">
      <div className="grid grid-cols-7 border-b bg-muted text-xs font-medium text-muted-foreground" aria-hidden="true">
        {T.weekdays.map((d) => (
          <div key={d} className="px-2 py-1">
            {d}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7">
        {days.map((day) => {
          const list = itemsOn(items, day);
          const shown = list.slice(0, CELL_ITEMS);
          return (
            <li
              key={day}
              aria-label={T.dayItems(dayLabel(day), list.length)}
              className={cn('min-h-24 min-w-0 border-b border-r p-1', day.slice(0, 7) !== month && 'bg-muted/50', day === today && 'ring-2 ring-inset ring-primary')}
            >
              <span className={cn('mb-1 block text-xs tabular-nums', day === today && 'font-semibold')} aria-hidden="true">
                {Number(day.slice(8, 10))}
              </span>
              <ul className="grid grid-cols-1 gap-0.5">
                {shown.map((i) => (
                  <li key={i.id}>
                    <ItemButton item={i} onOpen={onOpen} compact />
                  </li>
                ))}
              </ul>
              {list.length > shown.length ? (
                <button type="button" className="mt-0.5 block text-xs text-primary underline-offset-4 hover:underline" aria-label={T.moreLabel(list.length - shown.length, dayLabel(day))} onClick={() => onDay(day)}>
                  {T.more(list.length - shown.length)}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * Days one under the other, each with its items (the agenda, the week, and the month on a phone).
 * `allDays` lists empty days too (the week); otherwise only days with items show.
 */
export function DayList({ items, onOpen, from, to, allDays = false, label }: ViewProps & { from: string; to: string; allDays?: boolean; label: string }) {
  const today = collegeToday();
  const days = daysBetween(from, to)
    .map((day) => ({ day, list: itemsOn(items, day) }))
    .filter((d) => allDays || d.list.length > 0);
  if (days.length === 0) return <EmptyState>{T.nothing}</EmptyState>;
  return (
    <ol className="grid grid-cols-1 gap-3" aria-label={label}>
      {days.map(({ day, list }) => (
        <li key={day} className={cn('rounded-md border p-3', day === today && 'border-primary ring-1 ring-primary')} aria-labelledby={`cal-day-${day}`}>
          <h3 id={`cal-day-${day}`} className="mb-2 text-sm font-semibold">
            {dayLabel(day)}
            {day === today ? <span className="ml-2 text-xs font-medium text-primary">{T.today}</span> : null}
          </h3>
          {list.length === 0 ? (
            <p className="text-sm text-muted-foreground">{T.nothingThatDay}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-1.5">
              {list.map((i) => (
                <li key={i.id}>
                  <ItemButton item={i} onOpen={onOpen} showType />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
