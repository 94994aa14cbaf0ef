import { z } from 'zod';
import { MSG } from '../messages.ts';
import { fileRefSchema } from './files.ts';
import { DOC_TYPES, type DocType } from '../constants/docs.ts';

// The document repository (issue 13 item 1, decision 0027): documents the college publishes
// (syllabus, circular, notes, researches) beside the teachers' materials, which appear as notes
// (with a subject) and researches. Spec section 3: Document: _id, title, type, fileUrl.

export { DOC_ACCEPT, DOC_TYPES, DOC_TYPE_LABELS, type DocType } from '../constants/docs.ts';

const docType = z.enum(DOC_TYPES, { error: MSG.docTypeInvalid });

/** `GET /docs?q=&type=syllabus,circular`: words in the title or description; one type or several, comma-separated. */
export const docsQuery = z.strictObject({
  q: z.string().trim().max(200).optional().default(''),
  type: z
    .string()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.find((s) => !(DOC_TYPES as readonly string[]).includes(s));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: MSG.docTypeInvalid });
        return z.NEVER;
      }
      return [...new Set(list)] as DocType[];
    }),
});
export type DocsQuery = z.infer<typeof docsQuery>;

const title = z.string({ error: MSG.docTitleRequired }).trim().min(1, MSG.docTitleRequired).max(200, MSG.docTitleTooLong);
const description = z.string().trim().max(2000, MSG.docDescriptionTooLong);
const subjectId = z
  .union([z.uuid(MSG.subjectNotFound), z.literal('')])
  .optional()
  .transform((v) => v || undefined);

/** The text fields of `POST /docs` (multipart, with one `file`); a subject only for notes. */
export const docFieldsSchema = z.object({ title, type: docType, description: description.optional().default(''), subjectId });
export type DocFields = z.infer<typeof docFieldsSchema>;

/** `PATCH /docs/{id}`: any of title, type, description, subject (null or '' removes it). */
export const docPatchSchema = z.strictObject({
  title: title.optional(),
  type: docType.optional(),
  description: description.optional(),
  subjectId: z.union([z.uuid(MSG.subjectNotFound), z.literal(''), z.null()]).optional(),
});
export type DocPatch = z.infer<typeof docPatchSchema>;

export const docSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.enum(DOC_TYPES),
  description: z.string(),
  /** A signed address that opens the file without a token for an hour. */
  fileUrl: z.string(),
  file: fileRefSchema,
  subject: z.object({ _id: z.string(), code: z.string(), name: z.string() }).nullable(),
  /** 'repository': uploaded here (Admin/SuperAdmin edit it); 'material': a teacher's material. */
  source: z.enum(['repository', 'material']),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type Doc = z.infer<typeof docSchema>;
export const docsResponse = z.object({ docs: z.array(docSchema) });
export const docResponse = z.object({ message: z.string(), doc: docSchema });
