/**
 * The alumni screens' texts. Quoted ones are character for character from the spec (sections 2, 4,
 * 5 and 8); texts the server also sends (toasts of successes, validation) come from MSG instead.
 * The rest are ours.
 */
export const ALUMNI_TEXT = {
  title: 'Alumni',
  description: 'The alumni directory of the college: search by name, company or role.',
  searchPlaceholder: 'Search by name, company, or role...',
  searchLabel: 'Search alumni',
  emptySearch: 'No alumni found matching your search.',
  empty: 'No alumni records found.',
  caption: 'Alumni',

  create: 'Create Alumnus',
  createTitle: 'Create New Alumnus',
  editTitle: 'Edit Alumni Profile',
  uploadExcel: 'Upload Excel',
  uploadTitle: 'Upload Excel',
  messageCount: (n: number) => `Message (${n})`,
  deleteCount: (n: number) => `Delete (${n})`,
  selected: (n: number) => `${n} alumni selected`,
  clearSelection: 'Clear selection',

  viewDetails: 'View Details',
  edit: 'Edit',
  message: 'Message',
  delete: 'Delete',
  actionsFor: (name: string) => `Actions for ${name}`,

  // Columns
  colName: 'Name',
  colRole: 'Current Role',
  colCompany: 'Company',
  colYear: 'Graduation Year',
  colDepartment: 'Department',
  colActions: 'Actions',

  // Detail dialog and page
  noLinkedin: 'No LinkedIn profile',
  about: 'About',
  experience: 'Professional Experience',
  experiences: 'Experiences',
  roleCount: (n: number) => `${n} ${n === 1 ? 'role' : 'roles'}`,
  currentPosition: 'Current Position',
  skills: 'Skills & Expertise',
  tags: 'Tags',
  skillCount: (n: number) => `${n} ${n === 1 ? 'skill' : 'skills'}`,
  additional: 'Additional Information',
  privateProfile: 'Private profile (visible to faculty only)',
  addedOn: (date: string) => `Added on ${date}`,
  notAvailable: 'N/A',
  present: 'Present',
  openPage: 'Open full profile',
  back: 'Back to Alumni',
  noExperience: 'No experience added.',
  noTags: 'No skills added.',
  notGiven: '—',

  // Form
  resetForm: 'Reset Form',
  createSubmit: 'Create Alumni',
  updateSubmit: 'Update Alumni',
  pending: 'Updating...',
  cancel: 'Cancel',
  addExperience: 'Add Experience',
  removeExperience: (n: number) => `Remove experience ${n}`,
  tagsHint: 'Separate tags with commas (at most 20)',

  // Delete
  deleteTitle: 'Delete Alumnus?',
  deleteDescription: 'This will permanently delete this alumnus record.',
  deleteManyTitle: (n: number) => `Delete ${n} alumni?`,
  deleteManyDescription: (n: number) => `This will permanently delete these ${n} alumni records.`,
  deleting: 'Deleting...',

  // Message dialog
  messageTitle: (n: number) => `Message ${n === 1 ? '1 alumnus' : `${n} alumni`}`,
  messageDescription: 'Each selected alumnus with an email gets their own copy; merge fields are filled in per recipient.',
  subject: 'Subject (optional)',
  messageLabel: 'Message',
  mergeFields: 'Merge fields (click to insert)',
  send: 'Send Message',
  sending: 'Sending...',
  queued: (n: number) => `${n} ${n === 1 ? 'email' : 'emails'} queued.`,
  withoutEmail: (names: string) => `No email on record, not sent: ${names}.`,
  notFound: (n: number) => `${n} selected ${n === 1 ? 'alumnus no longer exists' : 'alumni no longer exist'}.`,
  done: 'Done',

  // Failures and the upload's toasts (spec section 8)
  listFailed: 'Failed to fetch alumni list',
  searchFailed: 'Search failed',
  alumnusFailed: 'Failed to fetch alumnus',
  createFailed: 'Failed to create alumnus',
  updateFailed: 'Failed to update alumnus',
  deleteFailed: 'Failed to delete alumnus',
  messageFailed: 'Failed to send message',
  uploadFailedFallback: 'Failed to upload excel',
  unexpected: 'An unexpected error occurred',
  excelUploaded: 'Excel uploaded successfully!',
  uploadSuccessful: 'Upload successful',
  uploadFailed: (message: string | null) => `Upload failed: ${message ?? 'Unknown error'}`,
} as const;

/** Rows per page of the directory. */
export const ALUMNI_PAGE_SIZE = 20;
/** Typing pauses this long before a search is sent. */
export const ALUMNI_SEARCH_DEBOUNCE_MS = 300;
