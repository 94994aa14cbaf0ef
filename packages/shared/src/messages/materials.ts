/**
 * Course materials (issue 12). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const MATERIALS_MSG = {
  materialTitleRequired: 'Title is required', // spec
  materialUploaded: 'Material uploaded successfully', // spec (toast)
  materialUploadFailed: 'Failed to upload material', // spec (toast)
  filesSelected: (n: number) => `${n} file(s) selected`, // spec
  materialNotFound: 'Material not found',
  materialNotYourSubject: 'You can attach materials only to subjects you teach',
  materialDeleted: 'Material deleted',
  materialDescriptionTooLong: 'Description too long',
} as const;
