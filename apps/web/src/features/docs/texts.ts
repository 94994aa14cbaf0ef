import { DOCS_MSG } from '@crs/shared/messages/docs';

/** Labels of the document repository (spec section 2 "Document Repository"; messages are in packages/shared). */
export const DOCS_TEXT = {
  title: 'Document Repository',
  description: 'Syllabus, circulars, notes and research papers of the college.',
  readerTitle: 'Documents',
  readerDescription: 'Syllabus, circulars, notes of your subjects and research papers.',
  empty: DOCS_MSG.docsEmpty, // spec
  noMatch: DOCS_MSG.docsNoMatch,
  loadFailed: DOCS_MSG.docsLoadFailed, // spec
  search: 'Search documents',
  searchPlaceholder: 'Search by title or description...',
  type: 'Type',
  allTypes: 'All types',
  chooseType: 'Choose a type…',
  view: 'View', // spec
  viewLabel: (title: string) => `View ${title}`,
  upload: 'Upload Document',
  uploadTitle: 'Upload Document',
  editTitle: 'Edit Document',
  edit: 'Edit',
  editLabel: (title: string) => `Edit ${title}`,
  delete: 'Delete',
  deleteLabel: (title: string) => `Delete ${title}`,
  deleteTitle: 'Delete document?',
  deleteText: (title: string) => `“${title}” and its file will be removed for everyone.`,
  titleField: 'Title',
  descriptionField: 'Description',
  subjectField: 'Subject (notes only)',
  noSubject: 'No subject (every signed-in user)',
  fileField: 'File',
  fileHint: 'PDF, Word, PowerPoint, Excel, OpenDocument or an image, at most 20 MiB.',
  save: 'Save',
  uploadButton: 'Upload',
  uploading: 'Uploading...', // spec
  updating: 'Updating...', // spec
  cancel: 'Cancel',
  fromMaterial: 'Teacher material',
  by: (name: string) => `By ${name}`,
} as const;
