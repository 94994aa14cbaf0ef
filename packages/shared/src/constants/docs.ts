// Document types, their labels and the file picker's types, without zod: screens that list documents
// import these from here and load no schema; schemas/docs.ts re-exports them for the rest.

export const DOC_TYPES = ['syllabus', 'circular', 'notes', 'researches'] as const;
export type DocType = (typeof DOC_TYPES)[number];
export const DOC_TYPE_LABELS: Record<DocType, string> = { syllabus: 'Syllabus', circular: 'Circular', notes: 'Notes', researches: 'Research' };
/** What the document form's file picker accepts (the server checks the bytes). */
export const DOC_ACCEPT = '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.odt,.ods,.odp,.png,.jpg,.jpeg,.webp,.gif';
