import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { ImportDialog } from '@/components/import/import-dialog';
import { Button } from '@/components/ui/button';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FormDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { importerFor, SETUP_INVALIDATES, useDeleteResource, useResourceList, type ListQuery, type Resource } from '../../api/setup-resources';
import { ACADEMICS_TEXT as T } from '../../texts';

const PAGE_SIZE = 20;

export type SetupTabProps<I extends { _id: string }> = {
  /** The list; its title ("Departments": the table's caption, the import dialog's title) and noun are the texts' `tabs` and `nouns`. */
  resource: Resource<I>;
  columns: readonly Column<I>[];
  /** How a row is named in its buttons ("Edit CSE", "Delete CSE"). */
  describe: (item: I) => string;
  /** The create/edit form; `item` is absent for a new one. */
  form: (props: { item?: I; onDone: () => void; onCancel: () => void }) => ReactNode;
  /** The list query for a page and a search text (only lists that take `q` get a search box). */
  query?: (page: number, q: string) => ListQuery;
  searchable?: boolean;
  /** More row buttons (a section's Students). */
  rowActions?: (item: I) => ReactNode;
  empty?: string;
};

/**
 * One tab of the academic setup: the list (DataTable with paging), Add and Edit (FormDialog with the
 * shared schema), Delete (ConfirmDialog, the server's refusal shown inside), Import (the shared
 * ImportDialog: preview, row errors, all or nothing).
 */
export function SetupTab<I extends { _id: string }>({ resource, columns, describe, form, query, searchable, rowActions, empty }: SetupTabProps<I>) {
  const title = T.tabs[resource.name];
  const noun = T.nouns[resource.name];
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const list = useResourceList(resource, query ? query(page, q) : {});
  const remove = useDeleteResource(resource);
  const [editing, setEditing] = useState<I | 'new' | null>(null);
  const [deleting, setDeleting] = useState<I | null>(null);
  const [importing, setImporting] = useState(false);

  const actions: Column<I> = {
    key: 'actions',
    header: 'Actions',
    srOnlyHeader: true,
    className: 'whitespace-nowrap text-right',
    cell: (item) => (
      <span className="inline-flex gap-1">
        {rowActions?.(item)}
        <Button variant="ghost" size="icon" className="size-8" aria-label={`${T.edit} ${describe(item)}`} onClick={() => setEditing(item)}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`${T.delete} ${describe(item)}`} onClick={() => setDeleting(item)}>
          <Trash2 aria-hidden="true" />
        </Button>
      </span>
    ),
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        {searchable ? (
          <Input
            type="search"
            aria-label={`${T.search} ${title.toLowerCase()}`}
            placeholder={`${T.search} ${title.toLowerCase()}...`}
            className="max-w-xs"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" />
            {`${T.import} ${title.toLowerCase()}`}
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {`${T.add} ${noun}`}
          </Button>
        </div>
      </div>
      <DataTable
        caption={title}
        columns={[...columns, actions]}
        rows={list.data?.items}
        rowKey={(i) => i._id}
        loading={list.isPending}
        error={list.isError ? T.loadFailed : null}
        empty={empty ?? T.none}
        skeletonRows={5}
        paging={query && list.data && list.data.total > PAGE_SIZE ? { page, pageSize: PAGE_SIZE, total: list.data.total, onPage: setPage } : undefined}
      />
      <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={editing === 'new' || editing === null ? `${T.add} ${noun}` : `${T.edit} ${noun}`}>
        {(close) => form({ item: editing === 'new' || editing === null ? undefined : editing, onDone: close, onCancel: close })}
      </FormDialog>
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutateAsync}
        title={T.deleteTitle(deleting ? describe(deleting) : noun)}
        confirmLabel={T.delete}
        busyLabel={T.deleteBusy}
      />
      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        title={`${T.import} ${title}`}
        description="Choose a file to preview: nothing is written until you press Import."
        columns={resource.importColumns}
        upload={importerFor(resource)}
        invalidate={SETUP_INVALIDATES}
        fileBase={resource.name}
      />
    </div>
  );
}

export { PAGE_SIZE };
