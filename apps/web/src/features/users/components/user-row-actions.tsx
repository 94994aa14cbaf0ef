import { Check, Eye, KeyRound, Pencil, Power, PowerOff, X } from 'lucide-react';
import type { AdminUser } from '@crs/shared/schemas/users';
import { RowActionsMenu, type RowMenuItem } from '@/components/ui/row-actions-menu';
import { USERS_TEXT } from '../texts';

export type UserRowAction = 'view' | 'edit' | 'disable' | 'enable' | 'reset-link' | 'approve' | 'reject';

/** What may be done with `person` now: by status, and only View when the caller may not manage them. */
export function actionsFor(person: AdminUser, manageable: boolean): UserRowAction[] {
  if (!manageable) return ['view'];
  if (person.status === 'pending') return ['view', 'approve', 'reject'];
  if (person.status === 'disabled') return ['view', 'edit', 'enable'];
  return ['view', 'edit', 'reset-link', 'disable'];
}

const ITEMS: Record<UserRowAction, RowMenuItem<UserRowAction>> = {
  view: { action: 'view', label: USERS_TEXT.view, icon: Eye },
  edit: { action: 'edit', label: USERS_TEXT.edit, icon: Pencil },
  'reset-link': { action: 'reset-link', label: USERS_TEXT.resetLink, icon: KeyRound },
  enable: { action: 'enable', label: USERS_TEXT.enable, icon: Power },
  disable: { action: 'disable', label: USERS_TEXT.disable, icon: PowerOff, destructive: true },
  approve: { action: 'approve', label: USERS_TEXT.approve, icon: Check },
  reject: { action: 'reject', label: USERS_TEXT.reject, icon: X, destructive: true },
};

/** A row's actions behind one button. */
export function UserRowActions({ person, actions, onAction }: { person: AdminUser; actions: UserRowAction[]; onAction: (action: UserRowAction, person: AdminUser) => void }) {
  return <RowActionsMenu label={USERS_TEXT.actionsFor(person.name)} items={actions.map((a) => ITEMS[a])} onAction={(action) => onAction(action, person)} />;
}
