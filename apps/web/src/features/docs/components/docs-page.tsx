import { Pencil, Trash2, Upload } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Doc } from '@crs/shared/schemas/docs';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteDoc } from '../api/write-docs';
import { DOCS_TEXT } from '../texts';
import { DocFormDialog } from './doc-form-dialog';
import { DocsGrid } from './docs-grid';

/**
 * /dashboard/admin/docs 'Document Repository' (Admin, SuperAdmin): the grid with upload, edit and
 * delete of the repository's own documents (teachers' materials are managed by their teachers).
 * `aside` is more content the route composes below the grid (the ID card panel).
 */
export function DocsPage({ aside }: { aside?: ReactNode }) {
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Doc | undefined>();
  const [deleting, setDeleting] = useState<Doc | undefined>();
  const remove = useDeleteDoc();

  return (
    <section className="grid gap-6">
      <PageHeader title={DOCS_TEXT.title} description={DOCS_TEXT.description}>
        <Button onClick={() => setUploading(true)}>
          <Upload aria-hidden="true" />
          {DOCS_TEXT.upload}
        </Button>
      </PageHeader>
      <DocsGrid
        actions={(doc) =>
          doc.source === 'repository' ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setEditing(doc)} aria-label={DOCS_TEXT.editLabel(doc.title)}>
                <Pencil aria-hidden="true" />
                {DOCS_TEXT.edit}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDeleting(doc)} aria-label={DOCS_TEXT.deleteLabel(doc.title)}>
                <Trash2 aria-hidden="true" />
                {DOCS_TEXT.delete}
              </Button>
            </>
          ) : null
        }
      />
      {aside}
      <DocFormDialog open={uploading} onOpenChange={setUploading} />
      <DocFormDialog open={!!editing} onOpenChange={(o) => !o && setEditing(undefined)} doc={editing} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(undefined)}
        title={DOCS_TEXT.deleteTitle}
        description={deleting ? DOCS_TEXT.deleteText(deleting.title) : ''}
        confirmLabel={DOCS_TEXT.delete}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await remove.mutateAsync(deleting._id);
          toast.success(answer.message);
        }}
      />
    </section>
  );
}
