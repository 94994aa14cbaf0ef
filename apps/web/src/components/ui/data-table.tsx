import { useId, useState, type MouseEvent, type ReactNode, type UIEvent } from 'react';
import { useScrollFocus } from '@/hooks/use-scroll-focus';
import { cn } from '@/lib/utils';
import { Card, CardContent } from './card';
import { EmptyState, FormError } from './form-error';
import { Pager } from './pager';
import { Skeleton } from './skeleton';

export type Column<T> = {
  /** Stable key of the column. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The header is read to screen readers only (an actions column). */
  srOnlyHeader?: boolean;
  className?: string;
};

export type Paging = { page: number; pageSize: number; total: number; capped?: boolean; onPage: (page: number) => void };

export type Selection<T> = {
  /** Ids of the selected rows (across pages; the table shows those on the current page). */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** How a row's checkbox is announced: `Select ${label(row)}`. */
  label: (row: T) => string;
};

type DataTableProps<T> = {
  /** Names the table for screen readers (a visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  /** undefined while the first page loads. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** A failed load: the message shows in place of the table. */
  error?: string | null;
  /** Shown when the list is empty. */
  empty: ReactNode;
  paging?: Paging;
  selection?: Selection<T>;
  /** Extra attributes per row (a highlight, a test id). */
  rowProps?: (row: T) => { className?: string; 'data-testid'?: string };
  /**
   * A click anywhere on a row (not on its own controls: checkbox, buttons, links, menus). Mouse only:
   * keep a button or link in the row that does the same for keyboard and screen-reader users.
   */
  onRowClick?: (row: T) => void;
  /** How many skeleton rows stand in while loading. */
  skeletonRows?: number;
};

/** A click on the row itself, not on a control inside it nor in a menu or dialog it opened (React events bubble out of portals). */
function isRowClick(e: MouseEvent<HTMLTableRowElement>): boolean {
  const target = e.target as Element;
  if (!e.currentTarget.contains(target)) return false;
  return !target.closest('a, button, input, select, textarea, label, [role="menuitem"]');
}

// The first column (and the checkbox before it) stays in view while the table scrolls sideways; it
// paints the surface the table sits on (--surface: the page, a card or a dialog, index.css) so the
// scrolled cells pass beneath it. The checkbox column is 2rem wide.
const STICKY_FIRST = 'sticky left-0 z-[1] bg-[var(--surface)]';
const STICKY_AFTER_CHECKBOX = 'sticky left-8 z-[1] bg-[var(--surface)]';

/**
 * The one list table: skeleton while loading, the error or the empty text in place, an accessible
 * table (caption, th scope), optional row selection (checkbox per row, select-all for the page) and a
 * pager. Every column shows at every width (issue 25: a phone sees all of a row): a table wider than
 * the screen scrolls sideways inside its own box, keeping its first column in place, with a fading
 * edge while more lies to the right.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, loading, error, empty, paging, selection, rowProps, onRowClick, skeletonRows = 2 }: DataTableProps<T>) {
  const selectAllId = useId();
  const [attachScroll, scrollTabIndex] = useScrollFocus<HTMLDivElement>();
  const [scrolledToEnd, setScrolledToEnd] = useState(false);
  if (error) return <FormError message={error} />;
  if (loading || !rows) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={`${caption}: loading`}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;

  const pageIds = rows.map(rowKey);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const allOnPage = selectedOnPage === pageIds.length;
  function toggleAll() {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of pageIds) {
      if (allOnPage) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  }
  function toggle(id: string) {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  }

  const scrolls = scrollTabIndex === 0;
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    setScrolledToEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
  };
  const firstSticky = selection ? STICKY_AFTER_CHECKBOX : STICKY_FIRST;

  return (
    // Sized by its container, never by its columns (contain: inline-size): with every column shown, a
    // wide table would otherwise widen the cards and grids around it past a phone's screen.
    <div className="[contain:inline-size]">
      <div className="relative">
        {/* Positioned, so visually hidden (absolute) cell texts scroll with the table instead of widening the page. */}
        <div
          className="relative overflow-x-auto"
          data-testid="table-scroll"
          ref={attachScroll}
          onScroll={onScroll}
          tabIndex={scrollTabIndex}
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? caption : undefined}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="text-muted-foreground">
              <tr className="border-b">
                {selection ? (
                  <th scope="col" className={cn('w-8 min-w-8 py-2 pr-2', STICKY_FIRST)}>
                    <input
                      id={selectAllId}
                      type="checkbox"
                      className="size-4 align-middle"
                      aria-label="Select all on this page"
                      checked={allOnPage}
                      ref={(el) => {
                        if (el) el.indeterminate = selectedOnPage > 0 && !allOnPage;
                      }}
                      onChange={toggleAll}
                    />
                  </th>
                ) : null}
                {columns.map((c, i) => (
                  <th key={c.key} scope="col" className={cn('py-2 pr-4 font-medium last:pr-0', i === 0 && firstSticky, c.className)}>
                    {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const id = rowKey(row);
                const extra = rowProps?.(row);
                return (
                  <tr
                    key={id}
                    data-testid={extra?.['data-testid']}
                    className={cn('border-b last:border-0', onRowClick && 'cursor-pointer hover:bg-accent/40', extra?.className)}
                    onClick={
                      onRowClick
                        ? (e) => {
                            if (isRowClick(e)) onRowClick(row);
                          }
                        : undefined
                    }
                  >
                    {selection ? (
                      <td className={cn('w-8 min-w-8 py-2 pr-2', STICKY_FIRST)}>
                        <input type="checkbox" className="size-4 align-middle" aria-label={`Select ${selection.label(row)}`} checked={selection.selected.has(id)} onChange={() => toggle(id)} />
                      </td>
                    ) : null}
                    {columns.map((c, i) => (
                      <td key={c.key} className={cn('py-2 pr-4 align-top last:pr-0', i === 0 && firstSticky, c.className)}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {scrolls && !scrolledToEnd ? <div aria-hidden="true" data-testid="table-more" className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-[var(--surface)]" /> : null}
      </div>
      {paging ? <Pager page={paging.page} pageSize={paging.pageSize} total={paging.total} capped={paging.capped} shown={rows.length} onPage={paging.onPage} /> : null}
    </div>
  );
}

/** A page's table on its own card (the card's padding above the table): My Courses, Assigned Subjects, the exams list. */
export function CardTable<T>(props: DataTableProps<T>) {
  return (
    <Card>
      <CardContent className="pt-6">
        <DataTable {...props} />
      </CardContent>
    </Card>
  );
}
