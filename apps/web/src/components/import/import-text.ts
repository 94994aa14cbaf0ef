import type { ImportResult } from '@crs/shared/schemas/import';

/** The import screens' texts (the shared ImportDialog, its preview, and screens that reuse the preview). */
export const IMPORT_TEXT = {
  choose: 'Choose a file',
  drop: 'or drop it here (.csv, .xlsx, .xls)',
  template: 'Download template',
  uploading: 'Uploading...',
  checking: 'Checking the file...',
  importing: 'Importing...',
  import: 'Import',
  another: 'Choose another file',
  errorFile: 'Download error file',
  fixFirst: 'Fix these rows and choose the file again: nothing is imported while any row is invalid.',
  previewOf: (shown: number, total: number) => `The first ${shown} of ${total} rows.`,
  done: (r: Pick<ImportResult, 'created' | 'updated' | 'skipped'>) => `Imported: ${r.created} created, ${r.updated} updated, ${r.skipped} skipped.`,
} as const;
