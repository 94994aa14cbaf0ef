import { Eye, Mail, Pencil, Trash2 } from 'lucide-react';
import { RowActionsMenu, type RowMenuItem } from '@/components/ui/row-actions-menu';
import type { Alumnus } from '../api/types';
import { ALUMNI_TEXT } from '../texts';

export type RowAction = 'view' | 'edit' | 'message' | 'delete';

const ITEMS: readonly RowMenuItem<RowAction>[] = [
  { action: 'view', label: ALUMNI_TEXT.viewDetails, icon: Eye },
  { action: 'edit', label: ALUMNI_TEXT.edit, icon: Pencil },
  { action: 'message', label: ALUMNI_TEXT.message, icon: Mail },
  { action: 'delete', label: ALUMNI_TEXT.delete, icon: Trash2, destructive: true },
];

/** A row's actions (faculty): View Details, Edit, Message, Delete, behind one button. */
export function RowActions({ alumnus, onAction }: { alumnus: Alumnus; onAction: (action: RowAction, alumnus: Alumnus) => void }) {
  return <RowActionsMenu label={ALUMNI_TEXT.actionsFor(alumnus.name)} items={ITEMS} onAction={(action) => onAction(action, alumnus)} />;
}
