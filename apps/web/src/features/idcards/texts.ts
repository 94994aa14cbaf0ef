import { IDCARDS_MSG } from '@crs/shared/messages/idcards';

/** Labels of the Digital ID Card screens (spec section 2 "Digital ID Card"; messages are in packages/shared). */
export const IDCARD_TEXT = {
  title: 'Digital ID Card',
  description: 'Your college identity card. Its QR code lets anyone check that it is valid.',
  lookupDescription: 'Open a student’s ID card by their student ID.',
  notGenerated: IDCARDS_MSG.idCardNotGenerated, // spec
  imageAlt: (name: string) => `ID card of ${name}`,
  openImage: 'Open the card image in a new tab',
  download: 'Download ID Card',
  downloadPdf: 'Download PDF',
  validUntil: (date: string) => `Valid until ${date}`,
  loadFailed: 'Failed to load the ID card',
  lookupLabel: 'Student ID',
  lookupPlaceholder: 'STU001001',
  lookupButton: 'Open card',
  // The Admin's panel on the Documents page.
  panelTitle: 'ID Cards',
  panelDescription: 'Generate cards for a whole section or one student. Generating again, or revoking, makes the old QR code invalid.',
  sectionLabel: 'Section',
  chooseSection: 'Choose a section…',
  sectionOption: (name: string, year: string, students: number) => `${name} (${year}, ${students} students)`,
  generateSection: 'Generate for section',
  studentLabel: 'Student ID (roll number)',
  generateOne: 'Generate card',
  bloodGroupLabel: 'Blood group',
  bloodGroupKeep: 'As before / not known',
  validUntilLabel: 'Valid until (optional)',
  validUntilHint: 'Empty: the end of the student’s academic year.',
  revoke: 'Revoke card',
  revokeTitle: 'Revoke ID card?',
  revokeText: (who: string) => `The card of ${who} stops verifying at once. You can generate a new one later.`,
  generating: 'Generating...',
  lastCard: (name: string) => `Card of ${name}`,
  viewCard: 'View card',
  // The public verify page.
  verifyTitle: 'ID card verification',
  verifyChecking: 'Checking the card…',
  verifyValid: IDCARDS_MSG.verifyValid,
  verifyExpired: IDCARDS_MSG.verifyExpired,
  verifyInvalid: IDCARDS_MSG.verifyInvalid,
  verifyInvalidHelp: IDCARDS_MSG.verifyInvalidHelp,
  verifyName: 'Name',
  verifyStudentId: 'Student ID',
  verifyValidUntil: 'Valid until',
  verifyFailed: 'The card could not be checked. Please try again.',
} as const;

