import type { ReactNode } from 'react';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Button } from '@/components/ui/button';

/**
 * The header bell. Its dot shows only when something is unread (product.md section 2); the caller
 * supplies the count and what the popover lists (the library's overdue and due-soon loans).
 */
export function NotificationBell({ unread = 0, children, onOpenChange }: { unread?: number; children?: ReactNode; onOpenChange?: (open: boolean) => void }) {
  return (
    <Popover.Root onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}>
          <Bell aria-hidden="true" />
          {unread > 0 ? <span data-testid="notification-dot" className="absolute right-2 top-2 size-2 rounded-full bg-destructive" /> : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className="z-50 w-72 rounded-md border bg-card p-4 text-sm text-card-foreground shadow-md">
          {children ?? (unread > 0 ? `${unread} unread notifications` : 'No new notifications.')}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
