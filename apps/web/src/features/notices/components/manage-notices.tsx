import { useState } from 'react';
import { NOTICES_MSG } from '@crs/shared/messages/notices';
import type { Notice } from '@crs/shared/schemas/notices';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { useAllNotices, useDeleteNotice } from '../api/manage-notices';
import { NOTICES_TEXT } from '../texts';
import { NoticeItem } from './notice-item';
import { useOpenNotice } from './notice-list';
import { NoticeForm } from './notice-form';

type Editing = { mode: 'add' } | { mode: 'edit'; notice: Notice } | null;

/** The publishers' notice board (/dashboard/staff/notices): every notice, publish, edit, delete. */
export function ManageNotices() {
  const notices = useAllNotices();
  const remove = useDeleteNotice();
  const open = useOpenNotice();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Notice | null>(null);

  return (
    <section className="grid gap-6">
      <PageHeader title={NOTICES_TEXT.manageTitle} description={NOTICES_TEXT.manageDescription}>
        <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
          {NOTICES_TEXT.newNotice}
        </Button>
      </PageHeader>
      <QueryState query={notices} error={NOTICES_MSG.noticesLoadFailed} skeletons={['h-20', 'h-20']} empty={NOTICES_TEXT.noNotices}>
        {(list) => (
          <ul className="grid gap-3" aria-label={NOTICES_TEXT.allNotices}>
            {list.map((n) => (
              <li key={n._id}>
                <NoticeItem
                  notice={n}
                  onOpen={open}
                  actions={
                    n.editable ? (
                      <>
                        <Button type="button" size="sm" variant="outline" aria-label={`${NOTICES_TEXT.edit} ${n.title}`} onClick={() => setEditing({ mode: 'edit', notice: n })}>
                          {NOTICES_TEXT.edit}
                        </Button>
                        <Button type="button" size="sm" variant="ghost" aria-label={`${NOTICES_TEXT.delete} ${n.title}`} onClick={() => setDeleting(n)}>
                          {NOTICES_TEXT.delete}
                        </Button>
                      </>
                    ) : null
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <FormDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={editing?.mode === 'edit' ? NOTICES_TEXT.editNotice : NOTICES_TEXT.newNotice}
        description={NOTICES_TEXT.manageDescription}
        wide
      >
        {(close) => <NoticeForm notice={editing?.mode === 'edit' ? editing.notice : undefined} onDone={close} />}
      </FormDialog>
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutateAsync}
        title={NOTICES_TEXT.deleteNotice}
        description={(n) => NOTICES_TEXT.deleteText(n.title)}
        confirmLabel={NOTICES_TEXT.delete}
        busyLabel={NOTICES_TEXT.deleting}
      />
    </section>
  );
}
