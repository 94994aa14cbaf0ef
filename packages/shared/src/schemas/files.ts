import { z } from 'zod';

const MiB = 1024 * 1024;

/**
 * What an uploaded file is for. Each purpose has its own size limit and the types its content may
 * be (checked by the server from the bytes, never the name or the browser's claim).
 * - avatar: a profile picture, served to anyone holding its address (an unguessable id), like
 *   mail clients and chat apps do with avatars.
 * - material: a teacher's notes or research (issue 12), access decided by the materials module.
 * - document: the document repository (issue 13).
 * - generated: files the server makes itself (ID cards).
 * - notice: a notice's attachment (issue 13), readable by the notice's audience.
 * - logo: the institution's logo (Settings), shown on every page and the ID cards, open to anyone.
 * - resume: a student's résumé sent with a placement application (issue 25), readable by the
 *   student and the placement cell.
 */
export const FILE_PURPOSES = ['avatar', 'material', 'document', 'generated', 'notice', 'logo', 'resume'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** The content types a purpose accepts, by the file's real type (extension as file-type names it). */
export const IMAGE_TYPES = ['png', 'jpg', 'webp', 'gif'] as const;
export const OFFICE_TYPES = ['pdf', 'docx', 'xlsx', 'pptx', 'cfb', 'odt', 'ods', 'odp'] as const;

export const FILE_RULES: Record<FilePurpose, { maxBytes: number; types: readonly string[] }> = {
  avatar: { maxBytes: 2 * MiB, types: IMAGE_TYPES },
  material: { maxBytes: 20 * MiB, types: [...OFFICE_TYPES, ...IMAGE_TYPES, 'zip'] },
  document: { maxBytes: 20 * MiB, types: [...OFFICE_TYPES, ...IMAGE_TYPES] },
  generated: { maxBytes: 20 * MiB, types: ['png', 'pdf'] },
  notice: { maxBytes: 20 * MiB, types: [...OFFICE_TYPES, ...IMAGE_TYPES] },
  // What the ID card renderer draws (resvg and pdfkit both take PNG and JPEG).
  logo: { maxBytes: 1 * MiB, types: ['png', 'jpg'] },
  // A PDF by its content (`%PDF-`), never by its name.
  resume: { maxBytes: 2 * MiB, types: ['pdf'] },
};

/** A stored file as answers describe it: `url` opens it for whoever was given the answer. */
export const fileRefSchema = z.object({
  _id: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

/** GET /files/{id}: `t`, a signed link handed out with an answer; `download=1` asks to save it. */
export const fileQuery = z.object({
  t: z.string().max(200).optional(),
  download: z.enum(['0', '1']).optional(),
});

/** The résumé picker's `accept` (the server checks the bytes again). */
export const RESUME_ACCEPT = 'application/pdf,.pdf';

/** The avatar picker's `accept` (the server checks the bytes again). */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
