import { useState } from 'react';
import { SETTABLE_COPY_STATUSES, type CopyStatus } from '@crs/shared/schemas/library';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useCopies, useUpdateCopy, type Copy } from '../api/copies';
import { formatRupees } from '../format';
import { HOLDS_TEXT } from '../holds-texts';
import { LIBRARY_TEXT } from '../texts';

const VARIANT: Record<CopyStatus, 'success' | 'secondary' | 'warning' | 'destructive' | 'outline'> = {
  available: 'success',
  on_loan: 'secondary',
  on_hold_shelf: 'warning',
  lost: 'destructive',
  damaged: 'warning',
  withdrawn: 'outline',
};

/**
 * A book's copies register for the desk (issue 31): every copy with its status, shelf, accession,
 * acquisition date and price; its status set by hand to available, lost, damaged or withdrawn (a
 * copy on loan marked lost closes the loan and charges its replacement cost, decision 0051).
 */
export function CopiesRegister({ bookId }: { bookId: string }) {
  const copies = useCopies(bookId);
  const update = useUpdateCopy(bookId);
  const [busy, setBusy] = useState<string | null>(null);

  async function mark(copy: Copy, status: (typeof SETTABLE_COPY_STATUSES)[number]) {
    setBusy(copy._id);
    try {
      toast.success((await update.mutateAsync({ copyId: copy._id, patch: { status } })).message);
    } catch (e) {
      toast.error(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<Copy>[] = [
    { key: 'accession', header: HOLDS_TEXT.accession, className: 'font-mono whitespace-nowrap', cell: (c) => c.accession },
    { key: 'status', header: HOLDS_TEXT.status, cell: (c) => <Badge variant={VARIANT[c.status]}>{HOLDS_TEXT.copyStatus[c.status]}</Badge> },
    { key: 'shelf', header: HOLDS_TEXT.shelf, cell: (c) => c.shelf ?? '—' },
    { key: 'acquired', header: HOLDS_TEXT.acquired, className: 'whitespace-nowrap', cell: (c) => (c.acquiredOn ? formatDate(c.acquiredOn) : '—') },
    { key: 'price', header: HOLDS_TEXT.price, className: 'whitespace-nowrap tabular-nums', cell: (c) => (c.price == null ? '—' : formatRupees(c.price)) },
    {
      key: 'mark',
      header: HOLDS_TEXT.markAs,
      cell: (c) =>
        c.status === 'on_hold_shelf' ? null : (
          <select
            aria-label={`${HOLDS_TEXT.markAs} (${c.accession})`}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            value=""
            disabled={busy === c._id}
            onChange={(e) => e.target.value && void mark(c, e.target.value as (typeof SETTABLE_COPY_STATUSES)[number])}
          >
            <option value="">{HOLDS_TEXT.markAs}…</option>
            {SETTABLE_COPY_STATUSES.filter((s) => s !== c.status && (c.status !== 'on_loan' || s === 'lost')).map((s) => (
              <option key={s} value={s}>
                {HOLDS_TEXT.copyStatus[s]}
              </option>
            ))}
          </select>
        ),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{HOLDS_TEXT.copiesTitle}</CardTitle>
        <CardDescription>{HOLDS_TEXT.copiesHelp}</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          caption={HOLDS_TEXT.copiesTitle}
          columns={columns}
          rows={copies.data}
          rowKey={(c) => c._id}
          loading={copies.isPending}
          error={copies.isError ? LIBRARY_TEXT.loadFailed : null}
          empty="—"
          rowProps={() => ({ 'data-testid': 'copy-row' })}
        />
      </CardContent>
    </Card>
  );
}
