import type { AccountStatus } from '@crs/shared/roles';
import { Badge } from '@/components/ui/badge';
import { USERS_TEXT } from '../texts';

const VARIANT = { active: 'success', pending: 'warning', disabled: 'outline' } as const;

export function StatusBadge({ status }: { status: AccountStatus }) {
  return <Badge variant={VARIANT[status]}>{USERS_TEXT.statusLabel[status]}</Badge>;
}
