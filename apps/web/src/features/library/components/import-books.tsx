import { useId, useState } from 'react';
import { Upload } from 'lucide-react';
import { BOOK_IMPORT_COLUMNS } from '@crs/shared/schemas/library';
import { ImportDialog } from '@/components/import/import-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BOOK_IMPORT_INVALIDATES, importBooks } from '../api/import-books';

/** Book import (desk): the shared ImportDialog with the book columns; all-or-nothing, books already present are skipped. */
export function ImportBooks() {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Import Books</CardTitle>
        <CardDescription>
          A .csv, .xlsx or .xls file with a header row ({BOOK_IMPORT_COLUMNS.map((c) => c.label).join(', ')}). You see a preview first; nothing is
          imported if any row is invalid, and books already in the catalogue are skipped.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)}>
          <Upload aria-hidden="true" />
          Import books from a file
        </Button>
        <ImportDialog
          open={open}
          onOpenChange={setOpen}
          title="Import Books"
          description="Choose a file to preview: nothing is written until you press Import."
          columns={BOOK_IMPORT_COLUMNS}
          upload={importBooks}
          invalidate={BOOK_IMPORT_INVALIDATES}
          fileBase="books"
        />
      </CardContent>
    </Card>
  );
}
