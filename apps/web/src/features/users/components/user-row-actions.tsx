import { Check, Eye, KeyRound, Pencil, Power, PowerOff, ShieldOff, X } from 'lucide-react';
import type { AdminUser } from '@crs/shared/schemas/users';
import { RowActionsMenu, type RowMenuItem } from '@/components/ui/row-actions-menu';
import { USERS_TEXT } from '../texts';

export type UserRowAction = 'view' | 'edit' | 'disable' | 'enable' | 'reset-link' | 'reset-mfa' | 'approve' | 'reject';

/**
 * What may be done with `person` now: by status, and only View when the caller may not manage them.
 * A SuperAdmin (`resetsMfa`) may also reset a signed-up person's second factor (issue 28).
 */
export function actionsFor(person: AdminUser, manageable: boolean, resetsMfa = false): UserRowAction[] {
  if (!manageable) return ['view'];
  if (person.status === 'pending') return ['view', 'approve', 'reject'];
  const mfa: UserRowAction[] = resetsMfa ? ['reset-mfa'] : [];
  if (person.status === 'disabled') return ['view', 'edit', ...mfa, 'enable'];
  return ['view', 'edit', 'reset-link', ...mfa, 'disable'];
}

const ITEMS: Record<UserRowAction, RowMenuItem<UserRowAction>> = {
  view: { action: 'view', label: USERS_TEXT.view, icon: Eye },
  edit: { action: 'edit', label: USERS_TEXT.edit, icon: Pencil },
  'reset-link': { action: 'reset-link', label: USERS_TEXT.resetLink, icon: KeyRound },
  'reset-mfa': { action: 'reset-mfa', label: USERS_TEXT.resetMfa, icon: ShieldOff, destructive: true },
  enable: { action: 'enable', label: USERS_TEXT.enable, icon: Power },
  disable: { action: 'disable', label: USERS_TEXT.disable, icon: PowerOff, destructive: true },
  approve: { action: 'approve', label: USERS_TEXT.approve, icon: Check },
  reject: { action: 'reject', label: USERS_TEXT.reject, icon: X, destructive: true },
};

/** A row's actions behind one button. */
export function UserRowActions({ person, actions, onAction }: { person: AdminUser; actions: UserRowAction[]; onAction: (action: UserRowAction, person: AdminUser) => void }) {
  return <RowActionsMenu label={USERS_TEXT.actionsFor(person.name)} items={actions.map((a) => ITEMS[a])} onAction={(action) => onAction(action, person)} />;
}
