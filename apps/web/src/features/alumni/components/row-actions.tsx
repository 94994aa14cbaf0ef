import { Eye, Mail, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { Alumnus } from '../api/types';
import { ALUMNI_TEXT } from '../texts';

export type RowAction = 'view' | 'edit' | 'message' | 'delete';

/** A row's actions (faculty): View Details, Edit, Message, Delete, behind one button. */
export function RowActions({ alumnus, onAction }: { alumnus: Alumnus; onAction: (action: RowAction, alumnus: Alumnus) => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={ALUMNI_TEXT.actionsFor(alumnus.name)}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => onAction('view', alumnus)}>
          <Eye aria-hidden="true" />
          {ALUMNI_TEXT.viewDetails}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('edit', alumnus)}>
          <Pencil aria-hidden="true" />
          {ALUMNI_TEXT.edit}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('message', alumnus)}>
          <Mail aria-hidden="true" />
          {ALUMNI_TEXT.message}
        </DropdownMenuItem>
        <DropdownMenuItem destructive onSelect={() => onAction('delete', alumnus)}>
          <Trash2 aria-hidden="true" />
          {ALUMNI_TEXT.delete}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
