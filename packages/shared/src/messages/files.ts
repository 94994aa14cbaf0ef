/**
 * Stored files: uploads, limits and links (issue 12). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const FILES_MSG = {
  fileRequired: 'File is required', // spec
  fileNotFound: 'File not found',
  fileLinkInvalid: 'This file link is invalid or has expired.',
  fileTooLarge: (limit: string) => `The file is too large: at most ${limit}`,
  fileTypeRefused: (kinds: string) => `This kind of file is not accepted here. Accepted: ${kinds}`,
} as const;
