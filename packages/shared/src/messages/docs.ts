/**
 * The document repository (issue 13 item 1). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const DOCS_MSG = {
  docsEmpty: 'No documents uploaded yet.', // spec
  docsLoadFailed: 'Failed to load documents', // spec (toast)
  docsNoMatch: 'No documents match your search.',
  docTitleRequired: 'Title is required', // spec (the upload form's rule)
  docTitleTooLong: 'Title too long',
  docDescriptionTooLong: 'Description too long',
  docTypeInvalid: 'Type must be one of syllabus, circular, notes, researches',
  docSubjectOnlyNotes: 'Only notes belong to a subject',
  docNotFound: 'Document not found',
  docUploaded: 'Document uploaded',
  docUpdated: 'Document updated',
  docDeleted: 'Document deleted',
  docUploadFailed: 'Failed to upload document',
} as const;
