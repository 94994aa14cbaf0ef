import { useEffect, useState } from 'react';
import { Mail, Plus, Search, Trash2, Upload } from 'lucide-react';
import { ALUMNI_IMPORT_COLUMNS, ALUMNI_TEMPLATE_COLUMNS } from '@crs/shared/schemas/alumni';
import { FACULTY, hasAnyRole } from '@crs/shared/roles';
import { ImportDialog } from '@/components/import/import-dialog';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useAlumni } from '../api/get-alumni';
import { ALUMNI_IMPORT_INVALIDATES, importAlumni } from '../api/import-alumni';
import type { Alumnus } from '../api/types';
import { useDirectorySearch } from '../hooks/use-directory-search';
import { useSelection } from '../hooks/use-selection';
import { ALUMNI_PAGE_SIZE, ALUMNI_TEXT } from '../texts';
import { AlumnusDetailDialog } from './alumnus-detail-dialog';
import { AlumnusFormDialog } from './alumnus-form-dialog';
import { DeleteAlumniDialog } from './delete-alumni-dialog';
import { MessageDialog } from './message-dialog';
import { RowActions, type RowAction } from './row-actions';

type Dialog = { kind: 'none' } | { kind: 'view'; alumnus: Alumnus } | { kind: 'create' } | { kind: 'edit'; alumnus: Alumnus } | { kind: 'message' } | { kind: 'delete' } | { kind: 'upload' };

/** Role and company cut at 150 px (spec section 2); the whole text is the cell's title. */
function Truncated({ text }: { text: string | null }) {
  if (!text) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="block max-w-[150px] truncate" title={text}>
      {text}
    </span>
  );
}

/**
 * /alumni (spec section 2): the directory, searched on the server (name, company, role) with the
 * query and page in the URL. Faculty (Teacher, Staff, Admin, SuperAdmin) also get selection,
 * Create Alumnus, Upload Excel, Message (n), Delete (n) and the row actions; Students see the list
 * and the details only (the server withholds private profiles and their contact fields).
 */
export function AlumniPage() {
  const { user } = useAuth();
  const faculty = hasAnyRole(user?.roles ?? [], FACULTY);
  const search = useDirectorySearch();
  const list = useAlumni({ ...(search.q ? { q: search.q } : {}), page: search.page, pageSize: ALUMNI_PAGE_SIZE });
  const selection = useSelection();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  // A failed load: the server's message, else the spec's text (one toast per failure).
  const failed = list.isError ? (serverMessage(list.error) ?? (search.q ? ALUMNI_TEXT.searchFailed : ALUMNI_TEXT.listFailed)) : null;
  useEffect(() => {
    if (failed) toast.error(failed);
  }, [failed, list.errorUpdatedAt]);

  function onAction(action: RowAction, a: Alumnus) {
    if (action === 'view') setDialog({ kind: 'view', alumnus: a });
    else if (action === 'edit') setDialog({ kind: 'edit', alumnus: a });
    else {
      // Spec section 4: a row's own Message or Delete makes that row the selection.
      selection.only(a._id);
      setDialog({ kind: action });
    }
  }

  const columns: Column<Alumnus>[] = [
    {
      key: 'name',
      header: ALUMNI_TEXT.colName,
      cell: (a) => (
        <button type="button" className="text-left font-medium text-primary underline-offset-4 hover:underline" onClick={() => setDialog({ kind: 'view', alumnus: a })}>
          {a.name}
        </button>
      ),
    },
    { key: 'role', header: ALUMNI_TEXT.colRole, cell: (a) => <Truncated text={a.currentRole} /> },
    { key: 'company', header: ALUMNI_TEXT.colCompany, cell: (a) => <Truncated text={a.currentCompany} /> },
    { key: 'year', header: ALUMNI_TEXT.colYear, className: 'tabular-nums', cell: (a) => a.graduationYear ?? '—' },
    { key: 'department', header: ALUMNI_TEXT.colDepartment, cell: (a) => a.department ?? '—' },
    ...(faculty ? [{ key: 'actions', header: ALUMNI_TEXT.colActions, srOnlyHeader: true, className: 'w-10 text-right', cell: (a: Alumnus) => <RowActions alumnus={a} onAction={onAction} /> }] : []),
  ];

  const n = selection.count;
  return (
    <section className="grid min-w-0 gap-4">
      <PageHeader title={ALUMNI_TEXT.title} description={ALUMNI_TEXT.description}>
        {faculty ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <Plus aria-hidden="true" />
              {ALUMNI_TEXT.create}
            </Button>
            <Button variant="outline" onClick={() => setDialog({ kind: 'upload' })}>
              <Upload aria-hidden="true" />
              {ALUMNI_TEXT.uploadExcel}
            </Button>
            <Button variant="outline" disabled={n === 0} onClick={() => setDialog({ kind: 'message' })}>
              <Mail aria-hidden="true" />
              {ALUMNI_TEXT.messageCount(n)}
            </Button>
            <Button variant="destructive" disabled={n === 0} onClick={() => setDialog({ kind: 'delete' })}>
              <Trash2 aria-hidden="true" />
              {ALUMNI_TEXT.deleteCount(n)}
            </Button>
          </div>
        ) : null}
      </PageHeader>

      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-full max-w-md">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label={ALUMNI_TEXT.searchLabel}
            placeholder={ALUMNI_TEXT.searchPlaceholder}
            value={search.input}
            onChange={(e) => search.setInput(e.target.value)}
            className="pl-9"
          />
        </div>
        {list.isFetching && !list.isPending ? <Spinner label="Searching" /> : null}
      </div>

      {faculty && n > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-primary/30 bg-accent/40 px-4 py-2 text-sm" role="status" data-testid="selection-banner">
          <span className="font-medium">{ALUMNI_TEXT.selected(n)}</span>
          <Button variant="link" size="sm" className="h-auto px-0" onClick={selection.clear}>
            {ALUMNI_TEXT.clearSelection}
          </Button>
        </div>
      ) : null}

      <DataTable
        caption={ALUMNI_TEXT.caption}
        columns={columns}
        rows={list.data?.alumni}
        rowKey={(a) => a._id}
        loading={list.isPending}
        error={list.isError && !list.data ? failed : null}
        empty={search.q ? ALUMNI_TEXT.emptySearch : ALUMNI_TEXT.empty}
        skeletonRows={5}
        onRowClick={(a) => setDialog({ kind: 'view', alumnus: a })}
        rowProps={() => ({ 'data-testid': 'alumni-row' })}
        selection={faculty ? { selected: selection.selected, onChange: selection.set, label: (a) => a.name } : undefined}
        paging={
          list.data ? { page: search.page, pageSize: ALUMNI_PAGE_SIZE, total: list.data.total, capped: list.data.capped, onPage: search.setPage } : undefined
        }
      />

      <AlumnusDetailDialog alumnus={dialog.kind === 'view' ? dialog.alumnus : null} onOpenChange={(open) => !open && close()} />
      {faculty ? (
        <>
          <AlumnusFormDialog open={dialog.kind === 'create' || dialog.kind === 'edit'} alumnus={dialog.kind === 'edit' ? dialog.alumnus : null} onOpenChange={(open) => !open && close()} />
          <MessageDialog open={dialog.kind === 'message'} ids={selection.ids} onOpenChange={(open) => !open && close()} />
          <DeleteAlumniDialog open={dialog.kind === 'delete'} ids={selection.ids} onOpenChange={(open) => !open && close()} onDeleted={selection.clear} />
          <ImportDialog
            open={dialog.kind === 'upload'}
            onOpenChange={(open) => !open && close()}
            title={ALUMNI_TEXT.uploadTitle}
            description="A .xlsx or .xls file (or .csv) with a header row. You see a preview first; nothing is imported while any row is invalid, and rows whose email (else enrollment number) is on record update that alumnus."
            columns={ALUMNI_IMPORT_COLUMNS}
            templateColumns={ALUMNI_TEMPLATE_COLUMNS}
            upload={importAlumni}
            invalidate={ALUMNI_IMPORT_INVALIDATES}
            fileBase="alumni"
            onImported={selection.clear}
            texts={{ success: ALUMNI_TEXT.excelUploaded, failure: ALUMNI_TEXT.uploadFailed, failed: ALUMNI_TEXT.uploadFailedFallback }}
          />
        </>
      ) : null}
    </section>
  );
}
