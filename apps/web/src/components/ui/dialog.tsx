import { useRef } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { X } from 'lucide-react';
import { AlertDialog as AlertDialogPrimitive, Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { takeMenuOpener } from './menu-opener';

/**
 * Gives the focus back, on closing, to what had it when the dialog opened. Radix returns it to the
 * dialog's Trigger; our dialogs are opened by state (a table row's button, the sidebar's Logout),
 * with no Trigger, and the focus fell to the page's body: a keyboard user started again from the
 * top. A dialog opened from a menu item goes back to the menu's button (menu-opener.ts). Where the
 * opener is gone (a row that was deleted), Radix's default stays.
 */
function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: { onOpenAutoFocus?: (e: Event) => void; onCloseAutoFocus?: (e: Event) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(e: Event) {
      // Called before the focus moves in: what has it now opened the dialog.
      // A dialog opened from a menu item (the item is gone with its menu by now) goes back to the menu's button.
      const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body && !document.activeElement.closest('[role="menu"]') ? document.activeElement : null;
      opener.current = active ?? takeMenuOpener();
      onOpenAutoFocus?.(e);
    },
    onCloseAutoFocus(e: Event) {
      onCloseAutoFocus?.(e);
      const to = opener.current;
      opener.current = null;
      if (e.defaultPrevented || !to?.isConnected) return;
      e.preventDefault();
      to.focus();
    },
  };
}

/** A modal confirmation (Radix AlertDialog): focus is trapped, Escape cancels, the title and description are announced. */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogCancel = AlertDialogPrimitive.Cancel;

export function AlertDialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-lg [--surface:var(--color-card)]',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/** A modal dialog for forms and pickers (Radix Dialog): focus is trapped, Escape and the close button dismiss it. */
export const Dialog = DialogPrimitive.Root;

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-lg [--surface:var(--color-card)]',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-6 text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export const DialogFooter = AlertDialogFooter;

/**
 * A dialog around a form: its body mounts only while open, so every opening starts fresh.
 * `children` gets `close`, for Cancel and for closing after a success.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: (close: () => void) => ReactNode;
  /** Room for a table (an import preview). */
  wide?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={wide ? 'max-w-3xl' : undefined}>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        {open ? children(() => onOpenChange(false)) : null}
      </DialogContent>
    </Dialog>
  );
}
