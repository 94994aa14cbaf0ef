import { useState, type ReactNode } from 'react';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { Button } from './button';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from './dialog';
import { FormError } from './form-error';

/** When a call fails without a message of its own (network down, timeout). */
export const ACTION_FAILED = 'The request could not be completed. Please try again.';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Runs on confirm; the dialog shows `busyLabel` until it settles. Resolves: the dialog closes.
   * Throws: the server's message (or `failureText`) shows inside the dialog, which stays open, so a
   * button never fails silently.
   */
  onConfirm: () => Promise<unknown> | void;
  title?: string;
  description?: ReactNode;
  /** More content between the description and the buttons (what is being confirmed). */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busyLabel?: string;
  destructive?: boolean;
  confirmDisabled?: boolean;
  failureText?: string;
};

/**
 * The one confirmation shell (Radix AlertDialog: focus trapped, Escape cancels). Defaults are the
 * spec's (section 8): 'Are you sure?', 'This action cannot be undone.', 'Confirm', 'Cancel'.
 * Cancel is Radix's AlertDialogCancel, which is where AlertDialog puts the focus on opening (the
 * harmless choice); without one the focus stayed on the button that opened it, behind the dialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  title = 'Are you sure?',
  description = 'This action cannot be undone.',
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busyLabel = 'Processing...',
  destructive = false,
  confirmDisabled = false,
  failureText = ACTION_FAILED,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function change(next: boolean) {
    if (busy) return;
    if (!next) setError(null);
    onOpenChange(next);
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (e) {
      setBusy(false);
      setError(serverMessage(e) ?? failureText);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <FormError message={error} />
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={busy || confirmDisabled} onClick={() => void confirm()}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A message with one button ('Book Borrowed Successfully' ...). */
export function NoticeDialog({ open, onOpenChange, title, children, okLabel = 'OK' }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode; okLabel?: string }) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="grid gap-1">{children}</div>
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button>{okLabel}</Button>
          </AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The confirmation before deleting one item: open while `item` is set, `remove` called with its id
 * on confirm, the answer's message toasted; a refusal shows inside the dialog (ConfirmDialog).
 * `description` may name the item (a function of it); without one the spec's 'This action cannot
 * be undone.' stands.
 */
export function DeleteDialog<T extends { _id: string }>({
  item,
  onClose,
  remove,
  title,
  description,
  confirmLabel,
  busyLabel,
}: {
  item: T | null;
  onClose: () => void;
  remove: (id: string) => Promise<{ message: string }>;
  title: string;
  description?: ReactNode | ((item: T) => ReactNode);
  confirmLabel: string;
  busyLabel: string;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={typeof description === 'function' ? (item ? description(item) : undefined) : description}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      destructive
      onConfirm={async () => {
        if (!item) return;
        const { message } = await remove(item._id);
        toast.success(message);
      }}
    />
  );
}
