import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDeleteAlumni } from '../api/delete-alumni';
import { ALUMNI_TEXT } from '../texts';

/**
 * Confirms deleting one alumnus ('Delete Alumnus?' / 'This will permanently delete this alumnus
 * record.') or several (one transaction on the server: all or none). Toasts the server's message
 * ('Deleted successfully', 'Selected alumni deleted successfully'); a refusal shows in the dialog
 * and as a toast ('Failed to delete alumnus' without a server message).
 */
export function DeleteAlumniDialog({ ids, open, onOpenChange, onDeleted }: { ids: readonly string[]; open: boolean; onOpenChange: (open: boolean) => void; onDeleted?: () => void }) {
  const remove = useDeleteAlumni();
  const one = ids.length === 1;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={one ? ALUMNI_TEXT.deleteTitle : ALUMNI_TEXT.deleteManyTitle(ids.length)}
      description={one ? ALUMNI_TEXT.deleteDescription : ALUMNI_TEXT.deleteManyDescription(ids.length)}
      confirmLabel={ALUMNI_TEXT.delete}
      busyLabel={ALUMNI_TEXT.deleting}
      failureText={ALUMNI_TEXT.deleteFailed}
      destructive
      confirmDisabled={ids.length === 0}
      onConfirm={async () => {
        try {
          const { message } = await remove.mutateAsync(ids);
          toast.success(message);
          onDeleted?.();
        } catch (e) {
          toast.error(serverMessage(e) ?? ALUMNI_TEXT.deleteFailed);
          throw e;
        }
      }}
    />
  );
}
