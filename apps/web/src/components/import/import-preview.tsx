import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { ImportColumn, ImportResult, ImportRowError } from '@crs/shared/schemas/import';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useScrollFocus } from '@/hooks/use-scroll-focus';
import { csvHref, errorsCsv } from './import-files';
import { IMPORT_TEXT } from './import-text';

// The preview and the error list of an import, shared by the ImportDialog and screens that run the
// same dry run inline (Upload Exam Marks).

/** Every row error of a file (nothing shows when there are none), with the error file to download. */
export function ImportErrors({ errors, columns, fileBase }: { errors: readonly ImportRowError[]; columns: readonly ImportColumn[]; fileBase: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="import-errors">
      <p className="text-sm text-destructive">{IMPORT_TEXT.fixFirst}</p>
      <ErrorList>
        {errors.map((e, i) => (
          <li key={i}>
            Row {e.row}
            {e.field ? `, ${e.field}` : ''}: {e.message}
          </li>
        ))}
      </ErrorList>
      <a href={csvHref(errorsCsv(errors, columns))} download={`${fileBase}-errors.csv`} className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <Download aria-hidden="true" className="size-4" />
        {IMPORT_TEXT.errorFile}
      </a>
    </div>
  );
}

type PreviewRow = ImportResult['rows'][number];

/** A dry run's answer: counts, the first rows with the bad ones marked and their problems. */
export function ImportPreview({ result, columns }: { result: ImportResult; columns: readonly ImportColumn[] }) {
  const badRows = new Map<number, string[]>();
  for (const e of result.errors) badRows.set(e.row, [...(badRows.get(e.row) ?? []), e.field ? `${e.field}: ${e.message}` : e.message]);
  const label = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const total = result.created + result.updated + result.skipped + badRows.size;
  const tableColumns: Column<PreviewRow>[] = [
    { key: 'row', header: 'Row', className: 'tabular-nums', cell: (r) => r.row },
    { key: 'action', header: 'Action', cell: (r) => (badRows.has(r.row) ? 'error' : r.action) },
    ...result.columns.map((key): Column<PreviewRow> => ({ key: `c:${key}`, header: label(key), cell: (r) => r.values[key] ?? '' })),
    {
      key: 'problems',
      header: 'Problems',
      cell: (r) => (badRows.has(r.row) ? <span className="text-destructive">{badRows.get(r.row)?.join('; ')}</span> : null),
    },
  ];
  return (
    <div className="grid min-w-0 gap-3">
      <dl className="grid grid-cols-3 gap-2 text-center text-sm" data-testid="import-counts">
        {(['created', 'updated', 'skipped'] as const).map((k) => (
          <div key={k} className="rounded-md border p-2">
            <dt className="text-muted-foreground">{k[0]!.toUpperCase() + k.slice(1)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{result[k]}</dd>
          </div>
        ))}
      </dl>
      {result.rows.length > 0 ? <p className="text-xs text-muted-foreground">{IMPORT_TEXT.previewOf(result.rows.length, total)}</p> : null}
      <PreviewScroll>
        <DataTable
          caption="Import preview"
          columns={tableColumns}
          rows={result.rows}
          rowKey={(r) => String(r.row)}
          empty="The file has no rows."
          rowProps={(r) => (badRows.has(r.row) ? { className: 'bg-destructive/10', 'data-testid': 'import-bad-row' } : { 'data-testid': 'import-row' })}
        />
      </PreviewScroll>
    </div>
  );
}

/** The preview rows, scrolling inside the dialog; reachable by keyboard while they overflow. */
function PreviewScroll({ children }: { children: ReactNode }) {
  const [attachScroll, scrollTabIndex] = useScrollFocus<HTMLDivElement>();
  return (
    <div className="max-h-64 overflow-y-auto" ref={attachScroll} tabIndex={scrollTabIndex} role={scrollTabIndex === 0 ? 'region' : undefined} aria-label={scrollTabIndex === 0 ? 'Import preview rows' : undefined}>
      {children}
    </div>
  );
}

/** Every error of the file, scrolling when long; reachable by keyboard while it overflows. */
function ErrorList({ children }: { children: ReactNode }) {
  const [attachScroll, scrollTabIndex] = useScrollFocus<HTMLUListElement>();
  return (
    <ul className="max-h-40 list-disc overflow-y-auto pl-5 text-sm text-destructive" ref={attachScroll} tabIndex={scrollTabIndex} aria-label="Errors in the file">
      {children}
    </ul>
  );
}
