import { Check, Eye, KeyRound, MoreHorizontal, Pencil, Power, PowerOff, X } from 'lucide-react';
import type { Person } from '@crs/shared/schemas/users';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { PEOPLE_TEXT } from '../texts';

export type PersonRowAction = 'view' | 'edit' | 'disable' | 'enable' | 'reset-link' | 'approve' | 'reject';

/** What may be done with `person` now: by status, and only View when the caller may not manage them. */
export function actionsFor(person: Person, manageable: boolean): PersonRowAction[] {
  if (!manageable) return ['view'];
  if (person.status === 'pending') return ['view', 'approve', 'reject'];
  if (person.status === 'disabled') return ['view', 'edit', 'enable'];
  return ['view', 'edit', 'reset-link', 'disable'];
}

const ITEMS: Record<PersonRowAction, { label: string; icon: typeof Eye; destructive?: boolean }> = {
  view: { label: PEOPLE_TEXT.view, icon: Eye },
  edit: { label: PEOPLE_TEXT.edit, icon: Pencil },
  'reset-link': { label: PEOPLE_TEXT.resetLink, icon: KeyRound },
  enable: { label: PEOPLE_TEXT.enable, icon: Power },
  disable: { label: PEOPLE_TEXT.disable, icon: PowerOff, destructive: true },
  approve: { label: PEOPLE_TEXT.approve, icon: Check },
  reject: { label: PEOPLE_TEXT.reject, icon: X, destructive: true },
};

/** A row's actions behind one button. */
export function PersonRowActions({ person, actions, onAction }: { person: Person; actions: PersonRowAction[]; onAction: (action: PersonRowAction, person: Person) => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={PEOPLE_TEXT.actionsFor(person.name)}>
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
