import { useState } from 'react';
import type { Material } from '@crs/shared/schemas/materials';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format-date';
import { formatSize } from '@/lib/format-size';
import { useDeleteMaterial } from '../api/delete-material';
import { useMaterials } from '../api/get-materials';
import { MATERIALS_TEXT as T } from '../texts';

/** The signed link with `download=1`, so the browser saves the file under its stored name. */
export const downloadUrl = (m: Material) => `${m.fileUrl}${m.fileUrl.includes('?') ? '&' : '?'}download=1`;

/** The teacher's uploads, newest first: download through the signed link, delete after a confirmation. */
export function MaterialsList() {
  const materials = useMaterials();
  const remove = useDeleteMaterial();
  const [deleting, setDeleting] = useState<Material | null>(null);

  const columns: Column<Material>[] = [
    {
      key: 'title',
      header: T.colTitle,
      cell: (m) => (
        <div className="min-w-40">
          <p className="font-medium break-words">{m.title}</p>
          {m.description ? <p className="text-sm break-words text-muted-foreground">{m.description}</p> : null}
        </div>
      ),
    },
    {
      key: 'type',
      header: T.colType,
      className: 'whitespace-nowrap',
      cell: (m) => (m.subject ? <Badge variant="secondary">{`${T.notes} · ${m.subject.code}`}</Badge> : <Badge variant="outline">{T.researchType}</Badge>),
    },
    {
      key: 'file',
      header: T.colFile,
     
      cell: (m) => (
        <span className="text-sm">
          <span className="break-words">{m.file.filename}</span> <span className="whitespace-nowrap text-muted-foreground">({formatSize(m.file.size)})</span>
        </span>
      ),
    },
    { key: 'uploaded', header: T.colUploaded, className: 'whitespace-nowrap', cell: (m) => formatDate(m.createdAt) },
    {
      key: 'actions',
      header: T.colActions,
      cell: (m) => (
        <div className="flex gap-1">
          <Button asChild size="sm" variant="outline">
            <a href={downloadUrl(m)} download={m.file.filename} aria-label={`${T.download} ${m.title}`}>
              {T.download}
            </a>
          </Button>
          <Button type="button" size="sm" variant="ghost" aria-label={`${T.delete} ${m.title}`} onClick={() => setDeleting(m)}>
            {T.delete}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.listTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable
          caption={T.listCaption}
          columns={columns}
          rows={materials.data}
          rowKey={(m) => m._id}
          loading={materials.isPending}
          error={materials.isError ? T.loadFailed : null}
          empty={T.empty}
        />
      </CardContent>
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutateAsync}
        title={T.deleteTitle}
        description={(m) => T.deleteText(m.title)}
        confirmLabel={T.delete}
        busyLabel={T.deleting}
      />
    </Card>
  );
}
