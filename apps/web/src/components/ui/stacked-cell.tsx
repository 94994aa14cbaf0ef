import type { ReactNode } from 'react';

/**
 * A table cell of two lines: the value, and under it a smaller muted one (the exam's class on a
 * phone, the class's subject, a student's roll number). Each part keeps its own classes.
 */
export function StackedCell({
  main,
  sub,
  className = 'grid',
  mainClassName,
  subClassName = 'text-xs text-muted-foreground',
}: {
  main: ReactNode;
  sub: ReactNode;
  className?: string;
  mainClassName?: string;
  subClassName?: string;
}) {
  return (
    <div className={className}>
      <span className={mainClassName}>{main}</span>
      <span className={subClassName}>{sub}</span>
    </div>
  );
}
