import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

/** One entry of a row's menu: what it does, what it says, its icon, and whether it destroys or takes away. */
export type RowMenuItem<A extends string> = { action: A; label: string; icon: LucideIcon; destructive?: boolean };

/**
 * A table row's actions behind one icon button named for screen readers (`label`, e.g. 'Actions for
 * Asha Rao'): the alumni and users tables' menus, one markup so they cannot drift apart.
 */
export function RowActionsMenu<A extends string>({ label, items, onAction }: { label: string; items: readonly RowMenuItem<A>[]; onAction: (action: A) => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={label}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map(({ action, label: text, icon: Icon, destructive }) => (
          <DropdownMenuItem key={action} destructive={destructive ?? false} onSelect={() => onAction(action)}>
            <Icon aria-hidden="true" />
            {text}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
