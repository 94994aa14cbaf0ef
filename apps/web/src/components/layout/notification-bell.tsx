import { useState, type ReactNode } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { deferredModule } from '@/lib/deferred-module';

// Radix Popover with floating-ui, which only a click on the bell shows: fetched when the pointer or
// focus reaches the bell, or on its click (decision 0012), so the frame paints without it.
const popoverModule = deferredModule(() => import('./notification-popover'));

/**
 * The header bell. Its dot shows only when something is unread (product.md section 2); the caller
 * supplies the count and what the popover lists (the library's overdue and due-soon loans).
 * The button and its dot render at once; the popover takes the button over on the first click
 * (opening as soon as its code is there), so it never replaces the button under a hovering pointer
 * or a keyboard focus before then.
 */
export function NotificationBell({ unread = 0, children, onOpenChange }: { unread?: number; children?: ReactNode; onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const loaded = popoverModule.useModule(used);
  const Popover = used ? loaded?.NotificationPopover : undefined;

  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
      // What Radix's trigger says, before it has loaded too.
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={popoverModule.preload}
      onFocus={popoverModule.preload}
      onClick={
        Popover
          ? undefined
          : () => {
              setUsed(true);
              popoverModule.preload(); // again after a failed download
              change(!open);
            }
      }
    >
      <Bell aria-hidden="true" />
      {unread > 0 ? <span data-testid="notification-dot" className="absolute right-2 top-2 size-2 rounded-full bg-destructive" /> : null}
    </Button>
  );
  if (!Popover) return button;
  return (
    <Popover open={open} onOpenChange={change} trigger={button}>
      {children ?? (unread > 0 ? `${unread} unread notifications` : 'No new notifications.')}
    </Popover>
  );
}
