import type { ReactNode } from 'react';
import { Card } from './card';
import { Skeleton } from './skeleton';

/** A labelled number; a skeleton while loading. */
export function StatCard({ label, value, loading, hint }: { label: string; value: ReactNode; loading?: boolean; hint?: ReactNode }) {
  return (
    <Card className="p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      {loading ? <Skeleton className="mt-2 h-8 w-20" /> : <p className="mt-1 text-3xl font-semibold tabular-nums">{value}</p>}
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
