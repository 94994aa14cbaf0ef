import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** A detail page (a book, an alumnus) while it loads: its back link, then a title, a subtitle and a body. */
export function DetailPageSkeleton({ back }: { back: ReactNode }) {
  return (
    <section className="grid gap-4" aria-busy="true">
      {back}
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-40" />
    </section>
  );
}
