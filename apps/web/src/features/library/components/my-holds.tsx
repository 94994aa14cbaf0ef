import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useCancelHold, useMyHolds, type Hold } from '../api/holds';
import { HOLDS_TEXT } from '../holds-texts';
import { LIBRARY_TEXT } from '../texts';

/** My Loans' holds (issue 31): each open hold — its place in line, or the copy waiting at the desk until when — with Cancel. */
export function MyHolds() {
  const holds = useMyHolds();
  const cancel = useCancelHold();
  async function doCancel(h: Hold) {
    try {
      const { message } = await cancel.mutateAsync(h._id);
      toast.success(message);
    } catch (e) {
      toast.error(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    }
  }
  const columns: Column<Hold>[] = [
    { key: 'book', header: 'Book', className: 'font-medium', cell: (h) => h.book.title },
    { key: 'placed', header: 'Placed', className: 'whitespace-nowrap', cell: (h) => formatDate(h.placedAt) },
    {
      key: 'status',
      header: 'Status',
      cell: (h) => (h.status === 'ready' ? <strong>{HOLDS_TEXT.holdReady(h.accession ?? '', formatDate(h.expiresAt))}</strong> : HOLDS_TEXT.holdWaiting(h.position ?? 1)),
    },
    {
      key: 'actions',
      header: 'Actions',
      srOnlyHeader: true,
      cell: (h) => (
        <div className="flex justify-end">
          <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => void doCancel(h)}>
            {HOLDS_TEXT.cancelHold}
          </Button>
        </div>
      ),
    },
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
