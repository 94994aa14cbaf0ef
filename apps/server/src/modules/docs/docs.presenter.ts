import type { Doc } from '@crs/shared/schemas/docs';
import type { FileRef } from '@crs/shared/schemas/files';
import type { DocumentRow } from './docs.repository.ts';

/** A repository document on the wire; `file` carries the signed link the reader was given. */
export function presentDocument(row: DocumentRow, file: FileRef, subject: Doc['subject'], uploadedBy: string): Doc {
  return {
    _id: row.id,
    title: row.title,
    type: row.type,
    description: row.description,
    fileUrl: file.url,
    file,
    subject,
    source: 'repository',
    uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}
