import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { LoanStatusLabel } from '../format';

const VARIANT: Record<LoanStatusLabel, BadgeVariant> = { Active: 'success', Overdue: 'warning', Returned: 'outline' };

export function LoanStatusBadge({ status }: { status: LoanStatusLabel }) {
  return <Badge variant={VARIANT[status]}>{status}</Badge>;
}
