/**
 * Grade cards and transcripts (issue 27 item 6, decision 0044). Part of MSG (../messages.ts); a screen
 * imports the part it needs.
 */
export const TRANSCRIPTS_MSG = {
  transcriptOwnOnly: 'You can only download your own grade cards and transcript',
  transcriptNotYourStudent: 'You can only download grade cards and transcripts of students you teach',
  transcriptNothingPublished: 'No results have been published for this student yet',
  gradeCardTermNotPublished: (term: number) => `No results of semester ${term} have been published yet`,
  gradeCardTermInvalid: 'The term is a semester number from 1 to 10',
  transcriptNotFound: 'Grade card or transcript not found',
  transcriptAlreadyRevoked: 'This document was already revoked',
  transcriptRevoked: 'Revoked: its QR code no longer verifies',
  transcriptBatchTermRequired: 'Choose the semester of the grade cards',
  transcriptBatchEmpty: 'No student of this section has published results to print',
  transcriptKindInvalid: 'Kind is gradecard or transcript',
  transcriptFormatInvalid: 'Format is pdf (a zip is not offered)',
  transcriptVerifyValid: 'Valid document',
  transcriptVerifyInvalid: 'This document is not valid',
  transcriptVerifyInvalidHelp: 'It may have been revoked by the college. Ask the student for a newly issued copy.',
} as const;
