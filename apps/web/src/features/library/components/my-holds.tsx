import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format-date';
import { useMyHolds, type Hold } from '../api/holds';
import { HOLDS_TEXT } from '../holds-texts';
import { useCancelHoldColumn } from './cancel-hold-column';
import { LIBRARY_TEXT } from '../texts';

/** My Loans' holds (issue 31): each open hold — its place in line, or the copy waiting at the desk until when — with Cancel. */
export function MyHolds() {
  const holds = useMyHolds();
  const cancelColumn = useCancelHoldColumn<Hold>();
  const columns: Column<Hold>[] = [
    { key: 'book', header: 'Book', className: 'font-medium', cell: (h) => h.book.title },
    { key: 'placed', header: 'Placed', className: 'whitespace-nowrap', cell: (h) => formatDate(h.placedAt) },
    {
      key: 'status',
      header: 'Status',
      cell: (h) => (h.status === 'ready' ? <strong>{HOLDS_TEXT.holdReady(h.accession ?? '', formatDate(h.expiresAt))}</strong> : HOLDS_TEXT.holdWaiting(h.position ?? 1)),
    },
    cancelColumn,
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{HOLDS_TEXT.myHolds}</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable
          caption={HOLDS_TEXT.myHolds}
          columns={columns}
          rows={holds.data}
          rowKey={(h) => h._id}
          loading={holds.isPending}
          error={holds.isError ? LIBRARY_TEXT.loadFailed : null}
          empty={HOLDS_TEXT.noHolds}
          rowProps={() => ({ 'data-testid': 'hold-row' })}
        />
      </CardContent>
    </Card>
  );
}
