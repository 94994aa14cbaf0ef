import { cn } from '@/lib/utils';

/** The form's server-error block: a message no field owns (a 409, a network failure). Renders nothing without one. */
export function FormError({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn('rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive', className)}>
      {message}
    </p>
  );
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ children, className }: { children: React.ReactNode; className?: string }) {
  return <p className={cn('text-sm text-muted-foreground', className)}>{children}</p>;
}
