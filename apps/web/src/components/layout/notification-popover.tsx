import type { ReactElement, ReactNode } from 'react';
import { Popover } from 'radix-ui';

/**
 * The bell's popover (Radix Popover: placed under the bell, Escape and a click outside close it,
 * focus returns to the bell), fetched on the bell's first use; `trigger` is the bell's button.
 */
export function NotificationPopover({ open, onOpenChange, trigger, children }: { open: boolean; onOpenChange: (open: boolean) => void; trigger: ReactElement; children: ReactNode }) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className="z-50 w-72 rounded-md border bg-card p-4 text-sm text-card-foreground shadow-md">
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
