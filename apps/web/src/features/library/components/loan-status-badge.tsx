import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { LoanStatus } from '../api/types';

const BADGE: Record<LoanStatus, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  overdue: { label: 'Overdue', variant: 'warning' },
  returned: { label: 'Returned', variant: 'outline' },
};

/** The server's loan status (`loan.status`) as a badge; the client never recomputes it. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <Badge variant={BADGE[status].variant}>{BADGE[status].label}</Badge>;
}
