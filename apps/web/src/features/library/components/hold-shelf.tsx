import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { useHoldShelf, type HoldShelf } from '../api/holds';
import { HOLDS_TEXT } from '../holds-texts';
import { useCancelHoldColumn } from './cancel-hold-column';
import { LIBRARY_TEXT } from '../texts';

type DeskHold = HoldShelf['ready'][number];

/** The desk's hold shelf (issue 31): copies kept for members until when, with Cancel; and holds that lapsed lately. */
export function HoldShelfPanel() {
  const shelf = useHoldShelf();
  const cancelColumn = useCancelHoldColumn<DeskHold>();
  const base: Column<DeskHold>[] = [
    { key: 'accession', header: HOLDS_TEXT.accession, className: 'font-mono whitespace-nowrap', cell: (h) => h.accession ?? '—' },
    { key: 'title', header: HOLDS_TEXT.title, className: 'font-medium', cell: (h) => h.book.title },
    { key: 'member', header: HOLDS_TEXT.member, cell: (h) => h.member.name || h.member.email },
  ];
  const ready: Column<DeskHold>[] = [
    ...base,
    { key: 'until', header: HOLDS_TEXT.until, className: 'whitespace-nowrap', cell: (h) => formatDateTime(h.expiresAt) },
    cancelColumn,
  ];
  const expired: Column<DeskHold>[] = [...base.slice(1), { key: 'expired', header: HOLDS_TEXT.expiredOn, className: 'whitespace-nowrap', cell: (h) => formatDateTime(h.expiresAt) }];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{HOLDS_TEXT.holdShelf}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <DataTable
          caption={HOLDS_TEXT.holdShelf}
          columns={ready}
          rows={shelf.data?.ready}
          rowKey={(h) => h._id}
          loading={shelf.isPending}
          error={shelf.isError ? LIBRARY_TEXT.loadFailed : null}
          empty={HOLDS_TEXT.holdShelfEmpty}
          rowProps={() => ({ 'data-testid': 'hold-shelf-row' })}
        />
        <DataTable
          caption={HOLDS_TEXT.expiredHolds}
          columns={expired}
          rows={shelf.data?.expired}
          rowKey={(h) => h._id}
          loading={shelf.isPending}
          error={shelf.isError ? LIBRARY_TEXT.loadFailed : null}
          empty={HOLDS_TEXT.noExpiredHolds}
        />
      </CardContent>
    </Card>
  );
}
