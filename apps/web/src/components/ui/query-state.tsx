import type { ReactNode } from 'react';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { cn } from '@/lib/utils';
import { EmptyState, FormError } from './form-error';
import { Skeleton } from './skeleton';

/** What QueryState reads of a TanStack query (a `useQuery` result fits). */
export type QueryLike<T> = { isPending: boolean; isError: boolean; data: T | undefined };

const noRows = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The one loading / error / empty display of a query (issue 26): skeletons while it loads (a busy
 * box, named by `loadingLabel` where a screen reader should hear what loads), the failure as an
 * alert, `empty` when the answer has nothing to show (an empty array unless `isEmpty` says
 * otherwise), else `children` with the data. `toast` also raises the spec's load-failure toast once.
 * A list with columns uses DataTable, which shows the same three states in its own shape.
 */
export function QueryState<T>({
  query,
  error,
  empty,
  isEmpty = noRows,
  skeletons = ['h-12', 'h-12'],
  loadingLabel,
  className,
  toast = false,
  loading,
  children,
}: {
  query: QueryLike<T>;
  /** The failure's message (the spec's text where it gives one). */
  error: string;
  /** Shown for an empty answer: a text becomes the muted empty line, a node stands as it is. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The height classes of the skeleton blocks, one block each. */
  skeletons?: readonly string[];
  loadingLabel?: string;
  /** Classes of the loading box (its grid). */
  className?: string;
  toast?: boolean;
  /** Stands instead of the skeletons (a spinner that says what it waits for). */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  useFailureToast(toast && query.isError, error);
  if (query.isPending) {
    if (loading !== undefined) return loading;
    return (
      <div className={cn('grid gap-3', className)} aria-busy="true" role={loadingLabel ? 'status' : undefined} aria-label={loadingLabel}>
        {skeletons.map((height, i) => (
          <Skeleton key={i} className={height} />
        ))}
      </div>
    );
  }
  if (query.isError || query.data === undefined) return <FormError message={error} />;
  if (empty !== undefined && isEmpty(query.data)) return typeof empty === 'string' ? <EmptyState>{empty}</EmptyState> : empty;
  return children(query.data);
}
