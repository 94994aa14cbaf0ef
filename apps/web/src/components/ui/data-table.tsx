import { useId, type MouseEvent, type ReactNode } from 'react';
import { useScrollFocus } from '@/hooks/use-scroll-focus';
import { cn } from '@/lib/utils';
import { EmptyState, FormError } from './form-error';
import { Pager } from './pager';
import { Skeleton } from './skeleton';

/** Below this width the column is hidden (Tailwind's breakpoints); its content should be reachable another way. */
export type HideBelow = 'sm' | 'md' | 'lg';
// Literal class names, so Tailwind generates them.
const HIDE: Record<HideBelow, string> = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell' };

export type Column<T> = {
  /** Stable key of the column. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The header is read to screen readers only (an actions column). */
  srOnlyHeader?: boolean;
  hideBelow?: HideBelow;
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

/**
 * The one list table: skeleton while loading, the error or the empty text in place, an accessible
 * table (caption, th scope) that scrolls sideways on narrow screens and drops `hideBelow` columns,
 * optional row selection (checkbox per row, select-all for the page) and a pager.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, loading, error, empty, paging, selection, rowProps, onRowClick, skeletonRows = 2 }: DataTableProps<T>) {
  const selectAllId = useId();
  const [attachScroll, scrollTabIndex] = useScrollFocus<HTMLDivElement>();
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

  return (
    <div>
      {/* Positioned, so visually hidden (absolute) cell texts scroll with the table instead of widening the page. */}
      <div className="relative overflow-x-auto" ref={attachScroll} tabIndex={scrollTabIndex} role={scrollTabIndex === 0 ? 'region' : undefined} aria-label={scrollTabIndex === 0 ? caption : undefined}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-muted-foreground">
            <tr className="border-b">
              {selection ? (
                <th scope="col" className="w-8 py-2 pr-2">
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
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cn('py-2 pr-4 font-medium last:pr-0', c.hideBelow && HIDE[c.hideBelow], c.className)}>
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
                    <td className="py-2 pr-2">
                      <input type="checkbox" className="size-4 align-middle" aria-label={`Select ${selection.label(row)}`} checked={selection.selected.has(id)} onChange={() => toggle(id)} />
                    </td>
                  ) : null}
                  {columns.map((c) => (
                    <td key={c.key} className={cn('py-2 pr-4 align-top last:pr-0', c.hideBelow && HIDE[c.hideBelow], c.className)}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {paging ? <Pager page={paging.page} pageSize={paging.pageSize} total={paging.total} capped={paging.capped} shown={rows.length} onPage={paging.onPage} /> : null}
    </div>
  );
}
