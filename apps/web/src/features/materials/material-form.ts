import { MATERIALS_MSG } from '@crs/shared/messages/materials';
import { FILES_MSG } from '@crs/shared/messages/files';
import { FILE_RULES } from '@crs/shared/schemas/files';
import { materialFieldsSchema } from '@crs/shared/schemas/materials';
import { z } from 'zod';

/** "20 MiB" from the material limit, for the over-size message shown before anything is sent. */
export const MATERIAL_LIMIT_TEXT = `${FILE_RULES.material.maxBytes / 1024 / 1024} MiB`;

/**
 * The Upload Research/Material form (spec section 5): the API's text fields, plus exactly one file
 * ('File is required'), within the material limit (the server checks size and type again).
 */
export const materialFormSchema = z.object({
  title: materialFieldsSchema.shape.title,
  description: z.string().trim().max(2000, MATERIALS_MSG.materialDescriptionTooLong),
  subjectId: z.string(),
  files: z
    .array(z.instanceof(File))
    .length(1, FILES_MSG.fileRequired)
    .refine((files) => files.every((f) => f.size <= FILE_RULES.material.maxBytes), FILES_MSG.fileTooLarge(MATERIAL_LIMIT_TEXT)),
});
export type MaterialFormValues = z.input<typeof materialFormSchema>;
export type MaterialFormOutput = z.output<typeof materialFormSchema>;
export const EMPTY_MATERIAL: MaterialFormValues = { title: '', description: '', subjectId: '', files: [] };
