import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/errors';
import { LIBRARY_TEXT } from '../texts';

type ActionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs on confirm. Resolves: the dialog closes. Throws: the server's message shows in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  confirmDisabled?: boolean;
  children?: ReactNode;
};

/**
 * A circulation confirmation. Failures are not toasted (spec section 8: logged only, which the API
 * client does), but the server's reason ('no copies left', 'loan limit', 'fines') is shown inline,
 * so the button never fails silently.
 */
export function ActionDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, confirmDisabled, children }: ActionDialogProps) {
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
      setError(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        {error ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => change(false)}>
            {LIBRARY_TEXT.cancel}
          </Button>
          <Button disabled={busy || confirmDisabled} onClick={() => void confirm()}>
            {busy ? LIBRARY_TEXT.processing : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A success message with one button ('Book Borrowed Successfully', 'Book Returned Successfully'). */
export function SuccessDialog({ open, onOpenChange, title, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode }) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="grid gap-1">{children}</div>
        </AlertDialogDescription>
        <AlertDialogFooter>
          <Button onClick={() => onOpenChange(false)}>{LIBRARY_TEXT.ok}</Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
