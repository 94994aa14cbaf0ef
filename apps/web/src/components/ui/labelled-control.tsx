import { useId, type ReactNode } from 'react';
import { Label } from './label';

/**
 * A label over its control, tied to it by a generated id that `children` puts on the control (and
 * on a hint, as `${id}-hint`). For controls outside a validated form; FormField adds the error line.
 */
export function LabelledControl({ label, className = 'grid gap-2', children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}
