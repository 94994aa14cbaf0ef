import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCancelHold } from '../api/holds';
import { HOLDS_TEXT } from '../holds-texts';
import { LIBRARY_TEXT } from '../texts';

/** The trailing "Cancel hold" column of a holds table (My Loans' and the desk's hold shelf), toasting the answer. */
export function useCancelHoldColumn<T extends { _id: string }>(): Column<T> {
  const cancel = useCancelHold();
  async function doCancel(h: T) {
    try {
      toast.success((await cancel.mutateAsync(h._id)).message);
    } catch (e) {
      toast.error(serverMessage(e) ?? LIBRARY_TEXT.actionFailed);
    }
  }
  return {
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
  };
}
