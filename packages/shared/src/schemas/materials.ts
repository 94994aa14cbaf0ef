import { z } from 'zod';
import { MSG } from '../messages.ts';
import { fileRefSchema } from './files.ts';

// Teaching materials (issue 12 item 7, decision 0026): a teacher's upload, attached to a subject
// (type `notes`, readable by that subject's sections' students) or not (type `researches`,
// readable by every signed-in user). The document repository of issue 13 lists them by type.

export const MATERIAL_TYPES = ['notes', 'researches'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];
/** What the file picker of the material form accepts (the server checks the bytes). */
export const MATERIAL_ACCEPT = '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.odt,.ods,.odp,.png,.jpg,.jpeg,.webp,.gif,.zip';

/** The text fields of `POST /teachers/materials` (multipart, with one `file`). */
export const materialFieldsSchema = z.object({
  title: z.string({ error: MSG.materialTitleRequired }).trim().min(1, MSG.materialTitleRequired).max(200, MSG.achievementTitleTooLong),
  description: z.string().trim().max(2000, MSG.materialDescriptionTooLong).optional().default(''),
  subjectId: z
    .union([z.uuid(MSG.subjectNotFound), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});
export type MaterialFields = z.infer<typeof materialFieldsSchema>;

export const materialSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(MATERIAL_TYPES),
  subject: z.object({ _id: z.string(), code: z.string(), name: z.string() }).nullable(),
  /** A signed address that opens the file without a token for an hour. */
  fileUrl: z.string(),
  file: fileRefSchema,
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;
export const materialsResponse = z.object({ materials: z.array(materialSchema) });
export const materialResponse = z.object({ message: z.string(), material: materialSchema });
