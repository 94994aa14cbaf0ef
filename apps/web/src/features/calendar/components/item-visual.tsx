import { BookOpen, Briefcase, CalendarOff, CalendarRange, ClipboardPen, Library, Star, type LucideIcon } from 'lucide-react';
import type { CalendarItem, CalendarItemType } from '@crs/shared/schemas/calendar';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { CALENDAR_TEXT as T, ITEM_TYPE_LABELS } from '../texts';

/**
 * Each item type's icon and colour stripe. The colour is a border (no text on it, so contrast holds
 * in both themes) and never stands alone: the icon sits beside the title and every item's
 * accessible name starts with its type ('Holiday: Diwali').
 */
export const TYPE_STYLE: Record<CalendarItemType, { icon: LucideIcon; stripe: string }> = {
  class: { icon: BookOpen, stripe: 'border-l-sky-500' },
  exam: { icon: ClipboardPen, stripe: 'border-l-rose-500' },
  holiday: { icon: CalendarOff, stripe: 'border-l-emerald-500' },
  'exam-period': { icon: CalendarRange, stripe: 'border-l-orange-500' },
  event: { icon: Star, stripe: 'border-l-violet-500' },
  'library-due': { icon: Library, stripe: 'border-l-amber-500' },
  'placement-deadline': { icon: Briefcase, stripe: 'border-l-fuchsia-500' },
};

/** '26 Jan 2027' or '26 Jan 2027 – 28 Jan 2027', then '09:00–10:00' or 'All day'. */
export function whenText(item: Pick<CalendarItem, 'date' | 'endDate' | 'start' | 'end'>): string {
  const days = item.date === item.endDate ? formatDate(item.date) : `${formatDate(item.date)} – ${formatDate(item.endDate)}`;
  return `${days}, ${item.start && item.end ? `${item.start}–${item.end}` : T.allDay}`;
}

/**
 * One item as a button (opens its detail): icon, optional time, title. Its name comes from its
 * content — 'Class: CS301 Data Structures 09:00' — so what a voice-control user reads on screen is
 * part of it (a hidden type word starts it; the visible type word, a repeat, is hidden from the
 * name; the time follows the title in the DOM and shows before it).
 */
export function ItemButton({ item, onOpen, compact = false, showType = false }: { item: CalendarItem; onOpen: (item: CalendarItem) => void; compact?: boolean; showType?: boolean }) {
  const { icon: Icon, stripe } = TYPE_STYLE[item.type];
  const type = ITEM_TYPE_LABELS[item.type];
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      data-type={item.type}
      className={cn(
        'flex w-full min-w-0 items-center gap-1.5 rounded-sm border border-l-4 bg-card text-left text-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        stripe,
        compact ? 'px-1 py-0.5 text-xs' : 'px-2 py-1.5 text-sm',
      )}
    >
      <Icon aria-hidden="true" className={cn('order-first shrink-0', compact ? 'size-3' : 'size-4')} />
      <span className={cn('order-2 min-w-0', compact ? 'truncate' : 'break-words')}>
        <span className="sr-only">{type}:</span> {item.title}
      </span>{' '}
      {item.start && !compact ? <span className="order-1 shrink-0 tabular-nums text-muted-foreground">{item.start}</span> : null}
      {showType ? (
        <span aria-hidden="true" className="order-3 ml-auto shrink-0 text-xs text-muted-foreground">
          {type}
        </span>
      ) : null}
    </button>
  );
}
