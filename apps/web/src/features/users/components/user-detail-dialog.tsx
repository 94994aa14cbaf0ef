import type { AdminUser } from '@crs/shared/schemas/users';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format-date';
import { USERS_TEXT } from '../texts';
import { StatusBadge } from './status-badge';

/** Everything the office keeps about a person, read-only. */
export function UserDetailDialog({ person, onOpenChange }: { person: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  const f = USERS_TEXT.fields;
  const rows: Array<[string, React.ReactNode]> = person
    ? [
        [f.email, person.email],
        [f.roles, person.roles.join(', ')],
        [f.status, <StatusBadge key="s" status={person.status} />],
        [f.department, person.department],
        [f.section, person.section],
        [f.studentId, person.studentId],
        [f.employeeId, person.employeeId],
        [f.phone, person.phone],
        [f.bloodGroup, person.bloodGroup],
        [f.createdAt, formatDate(person.createdAt)],
      ]
    : [];
  return (
    <Dialog open={person !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{person?.name ?? USERS_TEXT.viewTitle}</DialogTitle>
        <DialogDescription>{USERS_TEXT.viewTitle}</DialogDescription>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value === null || value === undefined || value === '' ? USERS_TEXT.none : value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
