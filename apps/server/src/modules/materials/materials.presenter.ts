import type { FileRef } from '@crs/shared/schemas/files';
import type { Material } from '@crs/shared/schemas/materials';
import type { MaterialRow } from './materials.repository.ts';

/** A material on the wire: notes when it names a subject, research otherwise; `file` carries the signed link the reader was given. */
export function presentMaterial(row: MaterialRow, file: FileRef, subject: Material['subject'], uploadedBy: string): Material {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    type: row.subjectId ? 'notes' : 'researches',
    subject,
    fileUrl: file.url,
    file,
    uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}
