import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Button } from '@/components/ui/button';

/**
 * The header bell. Its dot shows only when something is unread (product.md section 2); there is no
 * notifications source yet, so the count is always 0 and no dot is drawn.
 */
export function NotificationBell({ unread = 0 }: { unread?: number }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}>
          <Bell aria-hidden="true" />
          {unread > 0 ? <span data-testid="notification-dot" className="absolute right-2 top-2 size-2 rounded-full bg-destructive" /> : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className="z-50 w-64 rounded-md border bg-card p-4 text-sm text-card-foreground shadow-md">
          {unread > 0 ? `${unread} unread notifications` : 'No new notifications.'}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
