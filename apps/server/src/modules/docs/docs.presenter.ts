import type { Doc } from '@crs/shared/schemas/docs';
import type { FileRef } from '@crs/shared/schemas/files';
import type { Material } from '@crs/shared/schemas/materials';
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

/** A teacher's material as the repository lists it: notes or research, marked as coming from the materials. */
export const presentMaterialDoc = (m: Material): Doc => ({
  _id: m._id,
  title: m.title,
  type: m.type,
  description: m.description,
  fileUrl: m.fileUrl,
  file: m.file,
  subject: m.subject,
  source: 'material',
  uploadedBy: m.uploadedBy,
  createdAt: m.createdAt,
});
