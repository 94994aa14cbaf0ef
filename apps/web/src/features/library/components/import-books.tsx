import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverStatus } from '@/lib/error-details';
import { serverMessage } from '@/lib/errors';
import { useImportBooks, type ImportResult } from '../api/import-books';
import type { ImportError } from '../api/types';
import { LIBRARY_TEXT } from '../texts';

type Outcome = { kind: 'done'; result: ImportResult } | { kind: 'rows'; message: string; errors: ImportError['errors'] } | { kind: 'error'; message: string };

function rowErrors(e: unknown): ImportError | null {
  if (serverStatus(e) !== 422) return null;
  const data = (e as { response?: { data?: unknown } }).response?.data as Partial<ImportError> | undefined;
  return data && Array.isArray(data.errors) ? (data as ImportError) : null;
}

/** CSV import of books (desk): all-or-nothing; shows created/skipped, or every bad row by its number. */
export function ImportBooks() {
  const inputId = useId();
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importBooks = useImportBooks();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) {
      setOutcome({ kind: 'error', message: 'Choose a CSV file to upload' });
      return;
    }
    setOutcome(null);
    try {
      const result = await importBooks.mutateAsync(file);
      setOutcome({ kind: 'done', result });
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
    } catch (err) {
      const rows = rowErrors(err);
      setOutcome(rows ? { kind: 'rows', message: rows.message, errors: rows.errors } : { kind: 'error', message: serverMessage(err) ?? LIBRARY_TEXT.actionFailed });
    }
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Import Books</CardTitle>
        <CardDescription>
          A CSV file with a header row: title, authors, subjects, publisher, year, isbn, tags, copies (lists separated by ;). Nothing is imported if any
          row is invalid; books already in the catalogue are skipped.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>CSV file</Label>
            <Input
              id={inputId}
              ref={fileRef}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setOutcome(null);
              }}
            />
          </div>
          <div>
            <Button type="submit" disabled={importBooks.isPending}>
              <Upload aria-hidden="true" />
              {importBooks.isPending ? 'Uploading...' : 'Import CSV'}
            </Button>
          </div>
          <div aria-live="polite">
            {outcome?.kind === 'done' ? (
              <p className="text-sm font-medium text-green-700 dark:text-green-400" data-testid="import-result">
                Imported: {outcome.result.created} created, {outcome.result.skipped} skipped.
              </p>
            ) : outcome?.kind === 'rows' ? (
              <div role="alert" className="grid gap-2 text-sm text-destructive">
                <p className="font-medium">{outcome.message}</p>
                <ul className="list-disc pl-5" data-testid="import-errors">
                  {outcome.errors.map((r) => (
                    <li key={`${r.row}:${r.message}`}>
                      Row {r.row}: {r.field ? `${r.field}: ` : ''}{r.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : outcome?.kind === 'error' ? (
              <p role="alert" className="text-sm text-destructive">
                {outcome.message}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
