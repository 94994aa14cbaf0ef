import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

/** One dated item of a deadline list; `at` (epoch ms) orders the list, `when` is what it shows. */
export type Deadline = { key: string; at: number; when: string; title: ReactNode; detail?: ReactNode; tag?: ReactNode };

/** Deadlines from several sources in one list, soonest first; a skeleton while any source loads. */
export function DeadlineList({ items, loading, empty, label }: { items: readonly Deadline[]; loading?: boolean; empty: string; label: string }) {
  if (loading) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const sorted = [...items].sort((a, b) => a.at - b.at);
  return (
    <ul className="divide-y" aria-label={label}>
      {sorted.map((d) => (
        // One column on a phone (title, detail, then tag and date beneath); side by side from 640 px.
        <li key={d.key} className="grid gap-1 py-3 sm:flex sm:items-start sm:justify-between sm:gap-x-4">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{d.title}</p>
            {d.detail ? <p className="text-sm break-words text-muted-foreground">{d.detail}</p> : null}
          </div>
          <div className="flex items-center gap-2 text-sm whitespace-nowrap">
            {d.tag}
            <span className="tabular-nums">{d.when}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
