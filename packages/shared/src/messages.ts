/**
 * Every user-facing text that both the server and the client use, written once.
 * Texts marked "spec" are copied character for character from portal-spec.md.
 */
export const MSG = {
  // Validation (spec section 5)
  passwordMin: 'Password must be at least 6 characters long',
  passwordMax: 'Password is too long',
  invalidEmail: 'Invalid email address',
  nameMin: 'Name must be at least 2 characters',
  phoneDigits: 'Phone must be 10 digits',
  roleRequired: 'Role is required',
  passwordsMatch: 'Passwords must match',
  resetTokenRequired: 'Reset token is required',
  profileNameRequired: 'Name is required',
  profileInvalidEmail: 'Invalid email',
  emailTooLong: 'Email too long',
  nameTooLong: 'Name too long',
  bioTooLong: 'Bio too long',

  // Server answers (ours)
  invalidCredentials: 'Invalid credentials',
  awaitingApproval: 'Your account is awaiting approval',
  accountDisabled: 'Your account has been disabled',
  emailTaken: 'An account with this email already exists',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  resetRequested: 'If an account exists for that email, a reset link has been sent.',
  resetDone: 'Password has been reset',
  resetInvalid: 'This reset link is invalid or has expired.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unauthenticated: 'Authentication required',
  forbidden: "You don't have permission to access this resource.",
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  validation: 'Validation failed',
  registered: 'Account created',
  registeredPending: 'Account created. Your account is awaiting approval by an administrator.',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  userFetched: 'User fetched',
  profileUpdated: 'Profile updated',
  accountApproved: 'Account approved',
  signUpRejected: 'Sign-up rejected',
  noPendingAccount: 'No pending account with this id',
  invalidText: 'Text contains characters that cannot be stored',
  noApiRoute: (method: string, path: string) => `No API route ${method} ${path}`,
  unknownField: (names: string) => `Unknown field: ${names}`,
  invalidValue: 'Invalid value',
  noAccountWithEmail: (email: string) => `No account with email ${email}`,
  accountNotPending: (email: string, status: string) => `${email} is ${status}, not waiting for approval`,
  resetMailSubject: 'Reset your CRS password',
  resetMailText: (name: string, minutes: number, link: string) =>
    `Hello ${name},\n\nSomeone asked to reset the password of your College Resource System account.\n` +
    `Open this link within ${minutes} minutes to choose a new password:\n\n${link}\n\n` +
    'If you did not ask for this, ignore this mail; your password stays as it is.\n',

  // Library (ours)
  bookNotFound: 'Book not found',
  loanNotFound: 'Loan not found',
  memberNotFound: 'No active member with this id',
  bookTitleRequired: 'Title is required',
  isbnFormat: 'ISBN must have 10 or 13 digits (ISBN-10 may end in X)',
  isbnChecksum: 'ISBN check digit does not match; please re-check the number',
  isbnTaken: 'A book with this ISBN already exists',
  copiesBelowOnLoan: 'Total copies cannot be less than the number of copies on loan',
  moneyPaise: 'Amount must be in rupees with at most 2 decimals',
  issueSelfOnly: 'Students can borrow books only for themselves',
  loanNotYours: 'You can only manage your own loans',
  noCopiesLeft: 'No copies of this book are available right now',
  loanLimitReached: 'The member already has the maximum number of books on loan',
  alreadyBorrowed: 'The member already has this book on loan',
  finesBlockBorrowing: 'Unpaid fines must be paid before borrowing more books',
  notOnLoan: 'The member has no active loan of this book',
  loanAlreadyReturned: 'This loan has already been returned',
  renewOverdue: 'An overdue loan cannot be renewed; please return the book',
  noRenewalsLeft: 'No renewals left for this loan',
  fineNotFixed: 'A fine can be settled only after the book is returned',
  noFine: 'This loan has no fine',
  fineAlreadySettled: 'This fine has already been paid or waived',
  bookAdded: 'Book added',
  bookUpdated: 'Book updated',
  bookIssued: 'Book issued',
  bookReturned: 'Book returned',
  loanRenewed: 'Loan renewed',
  finePaid: 'Fine marked as paid',
  fineWaived: 'Fine waived',
  librarySettingsSaved: 'Library settings saved',
  importNoFile: 'Choose a CSV, .xlsx or .xls file to upload',
  importTooLarge: 'The file is too large: CSV files up to 2 MiB, .xlsx and .xls files up to 5 MiB',
  importFileType: 'The file must be a CSV file saved as UTF-8 text, or an .xlsx or .xls spreadsheet',
  importSpreadsheetRefused: 'The spreadsheet unpacks to too much data (over 50 MiB, 1000 parts, or 100 times its size); it was not opened',
  importUnreadable: 'The spreadsheet could not be read; save it again as .xlsx and retry',
  importNotCsv: 'The file is not a valid CSV file: a quoted cell is not closed',
  importOneFile: 'Upload exactly one file',
  importBadMultipart: 'The upload is not a valid multipart form',
  importInvalid: 'Some rows are invalid; nothing was imported',
  importEmpty: 'The file has no rows to import',
  importWholeNumber: 'Must be a whole number',
  importInProgress: 'Another import is being written; try again when it has finished',
  // Alumni (spec section 5 texts marked spec; the rest ours)
  alumniNameRequired: 'Name is required', // spec
  alumniNameTooLong: 'Name too long', // spec
  alumniInvalidEmail: 'Invalid email format', // spec
  alumniPhoneTooLong: 'Phone number too long', // spec
  alumniYearInvalid: 'Must be a valid year', // spec
  alumniYearTooEarly: 'Year too early', // spec
  alumniYearTooLate: 'Year too far in future', // spec
  alumniInvalidLinkedin: 'Invalid LinkedIn URL', // spec
  alumniAboutTooLong: 'About section too long', // spec
  alumniExpCompanyTooLong: 'Company name too long',
  alumniExpRoleTooLong: 'Role too long',
  alumniExpDescriptionTooLong: 'Description too long',
  alumniExperienceEmpty: 'At least company, role, or description should be provided', // spec
  alumniEndBeforeStart: 'End date cannot be before the start date',
  alumniDateFormat: 'Use a date like 2019-07-01 (year-month-day)',
  alumniYesNo: 'Use yes or no',
  alumniTooManyTags: 'Maximum 20 tags allowed', // spec
  alumniTagTooLong: 'A tag can have at most 50 characters',
  alumniTooManyExperiences: 'At most 30 experiences',
  alumniVisibility: 'Visibility must be public or private',
  alumniMessageEmpty: 'Message cannot be empty', // spec
  alumniMessageTooLong: 'Message too long',
  alumniSubjectTooLong: 'Subject too long',
  alumniSelectSome: 'Select at least one alumnus',
  alumnusNotFound: 'Alumnus not found',
  alumniEmailTaken: 'An alumnus with this email already exists',
  alumniEnrollmentTaken: 'An alumnus with this enrollment number already exists',
  alumniImportClash: 'Two records would share an email or enrollment number; nothing was imported. Check the file against the existing alumni.',
  alumnusCreated: 'Alumnus created successfully!', // spec (toast)
  alumnusUpdated: 'Alumnus updated successfully!', // spec (toast)
  alumnusDeleted: 'Deleted successfully', // spec (toast)
  alumniDeleted: 'Selected alumni deleted successfully', // spec (toast)
  alumniMessageSent: 'Message sent successfully', // spec (toast)
  alumniMessageSubject: 'A message from your college',
} as const;
