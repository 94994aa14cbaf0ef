import { useId, type ReactNode } from 'react';
import { Label } from './label';

type FieldProps = {
  label: string;
  error?: string | undefined;
  /** Renders the control with the ids and aria attributes that tie it to its label and error. */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
};

/** A labelled form control whose error message is announced (role=alert) and linked by aria-describedby. */
export function FormField({ label, error, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
