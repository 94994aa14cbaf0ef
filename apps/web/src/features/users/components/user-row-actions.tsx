import { Check, Eye, KeyRound, MoreHorizontal, Pencil, Power, PowerOff, X } from 'lucide-react';
import type { Person } from '@crs/shared/schemas/users';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { USERS_TEXT } from '../texts';

export type UserRowAction = 'view' | 'edit' | 'disable' | 'enable' | 'reset-link' | 'approve' | 'reject';

/** What may be done with `person` now: by status, and only View when the caller may not manage them. */
export function actionsFor(person: Person, manageable: boolean): UserRowAction[] {
  if (!manageable) return ['view'];
  if (person.status === 'pending') return ['view', 'approve', 'reject'];
  if (person.status === 'disabled') return ['view', 'edit', 'enable'];
  return ['view', 'edit', 'reset-link', 'disable'];
}

const ITEMS: Record<UserRowAction, { label: string; icon: typeof Eye; destructive?: boolean }> = {
  view: { label: USERS_TEXT.view, icon: Eye },
  edit: { label: USERS_TEXT.edit, icon: Pencil },
  'reset-link': { label: USERS_TEXT.resetLink, icon: KeyRound },
  enable: { label: USERS_TEXT.enable, icon: Power },
  disable: { label: USERS_TEXT.disable, icon: PowerOff, destructive: true },
  approve: { label: USERS_TEXT.approve, icon: Check },
  reject: { label: USERS_TEXT.reject, icon: X, destructive: true },
};

/** A row's actions behind one button. */
export function UserRowActions({ person, actions, onAction }: { person: Person; actions: UserRowAction[]; onAction: (action: UserRowAction, person: Person) => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={USERS_TEXT.actionsFor(person.name)}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {actions.map((a) => {
          const { label, icon: Icon, destructive } = ITEMS[a];
          return (
            <DropdownMenuItem key={a} destructive={destructive ?? false} onSelect={() => onAction(a, person)}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
