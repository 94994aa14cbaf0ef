/**
 * ID cards and their verification (issue 13 item 2). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const IDCARDS_MSG = {
  idCardNotGenerated: 'ID card not generated yet. Contact admin.', // spec
  idCardNotFound: 'ID card not found',
  idCardOwnOnly: 'You can only see your own ID card',
  idCardGenerated: 'ID card generated',
  idCardsGenerated: (n: number) => `${n} ID card${n === 1 ? '' : 's'} generated`,
  idCardRevoked: 'ID card revoked; its QR code no longer verifies',
  idCardNotAStudent: 'ID cards are made only for active students',
  idCardNoStudents: 'This section has no students',
  idCardBloodGroupOnRecord: (group: string) => `This student's record says blood group ${group}: correct it in People, then generate the card`,
  idCardLinkInvalid: 'This ID card link is invalid or has expired.',
  validUntilInvalid: 'Valid until must be a date (YYYY-MM-DD)',
  verifyValid: 'Valid ID card',
  verifyExpired: 'This ID card has expired',
  verifyInvalid: 'This ID card is not valid',
  verifyInvalidHelp: 'It may have been revoked or replaced by a newer card. Ask the student for their current card.',
} as const;
