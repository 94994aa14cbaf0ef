import type { ReactNode } from 'react';
import { BusyButton, Button } from './button';
import { DialogFooter } from './dialog';

/**
 * The one footer of a dialog's form (issue 26): Cancel, any extra buttons, then the submit button,
 * which reads `busyLabel` while the work runs; every button is off meanwhile, so a second click
 * cannot send twice. Without `onSubmit` the submit button submits the form around it.
 */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  onSubmit,
  icon,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Off besides while busy (nothing picked yet). */
  submitDisabled?: boolean;
  onSubmit?: () => void;
  /** An icon before the submit label (aria-hidden). */
  icon?: ReactNode;
  /** Buttons between Cancel and submit (Reset). */
  children?: ReactNode;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {children}
      <BusyButton type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} busy={busy} disabled={submitDisabled} label={submitLabel} busyLabel={busyLabel} icon={icon} />
    </DialogFooter>
  );
}

