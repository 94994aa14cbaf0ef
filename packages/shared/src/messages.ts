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
  // Files and profile (issue 12: spec texts marked spec; the rest ours)
  fileRequired: 'File is required', // spec
  fileNotFound: 'File not found',
  fileLinkInvalid: 'This file link is invalid or has expired.',
  fileTooLarge: (limit: string) => `The file is too large: at most ${limit}`,
  fileTypeRefused: (kinds: string) => `This kind of file is not accepted here. Accepted: ${kinds}`,
  avatarTooLarge: 'The picture is too large: at most 2 MiB',
  avatarUpdated: 'Profile picture updated',
  avatarRemoved: 'Profile picture removed',
  profileUpdatedToast: 'Profile updated successfully', // spec (toast)
  profileUpdateFailed: 'Failed to update profile', // spec (toast)
  achievementTitleRequired: 'Title is required', // spec (same text as the material form)
  achievementTitleTooLong: 'Title too long',
  achievementYear: (max: number) => `Enter a year between 1950 and ${max}`,
  achievementDescriptionTooLong: 'Description too long',
  achievementNotFound: 'Achievement not found',
  achievementSaved: 'Achievement saved',
  achievementDeleted: 'Achievement deleted',
  tooManyAchievements: 'At most 100 achievements',
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
  // Academics and attendance (issue 11; texts marked spec are exact)
  attendanceLoadFailed: 'Failed to load attendance data', // spec (toast)
  upcomingClassesLoadFailed: 'Failed to load upcoming classes', // spec (toast)
  subjectsLoadFailed: 'Failed to load subjects', // spec (toast)
  noUpcomingClasses: 'No upcoming classes', // spec
  timeFormat: 'Use a time like 09:00 (24-hour HH:MM)',
  dateFormat: 'Use a date like 2026-11-23 (year-month-day)',
  weekdayRange: 'Weekday must be 1 (Monday) to 7 (Sunday)',
  semesterRange: 'Semester must be a whole number from 1 to 10',
  creditsRange: 'Credits must be a whole number from 0 to 20',
  academicYearFormat: 'Use an academic year like 2026-27',
  departmentCodeRequired: 'Department code is required',
  departmentCodeFormat: 'Department code: up to 10 letters, digits or hyphens',
  departmentNameRequired: 'Department name is required',
  subjectCodeRequired: 'Subject code is required',
  subjectCodeFormat: 'Subject code: up to 16 letters, digits or hyphens',
  subjectNameRequired: 'Subject name is required',
  sectionNameRequired: 'Section name is required',
  sectionNameFormat: 'Section name: up to 20 letters, digits or hyphens (like CSE-3A)',
  academicNameTooLong: 'Name is too long',
  roomRequired: 'Room is required',
  roomTooLong: 'Room is too long',
  endAfterStart: 'End time must be after the start time',
  selectStudents: 'Select at least one student',
  departmentNotFound: 'Department not found',
  subjectNotFound: 'Subject not found',
  sectionNotFound: 'Section not found',
  assignmentNotFound: 'Teaching assignment not found',
  slotNotFound: 'Timetable slot not found',
  studentNotFound: 'Student not found',
  teacherNotFound: 'Teacher not found',
  notAStudent: (who: string) => `${who} is not an active student`,
  notATeacher: (who: string) => `${who} is not an active teacher`,
  departmentCodeTaken: 'A department with this code already exists',
  subjectCodeTaken: 'A subject with this code already exists',
  sectionNameTaken: 'A section with this name already exists in this academic year',
  assignmentTaken: 'This subject already has a teacher in this section',
  departmentInUse: 'The department still has subjects or sections; move or delete them first',
  subjectInUse: 'The subject is still taught in a section; delete its teaching assignments first',
  sectionInUse: 'The section still has teaching assignments; delete them first',
  assignmentInUse: 'Attendance has been taken for this class; it cannot be deleted',
  teacherDoubleBooked: 'The teacher already has a class at this time',
  sectionDoubleBooked: 'The section already has a class at this time',
  roomDoubleBooked: 'The room is already booked at this time',
  notEnrolled: 'The student is not enrolled in this section',
  departmentCreated: 'Department created',
  departmentUpdated: 'Department updated',
  departmentDeleted: 'Department deleted',
  subjectCreated: 'Subject created',
  subjectUpdated: 'Subject updated',
  subjectDeleted: 'Subject deleted',
  sectionCreated: 'Section created',
  sectionUpdated: 'Section updated',
  sectionDeleted: 'Section deleted',
  studentsEnrolled: 'Students enrolled',
  studentUnenrolled: 'Student removed from the section',
  assignmentCreated: 'Teaching assignment created',
  assignmentUpdated: 'Teaching assignment updated',
  assignmentDeleted: 'Teaching assignment deleted',
  slotCreated: 'Timetable slot created',
  slotUpdated: 'Timetable slot updated',
  slotDeleted: 'Timetable slot deleted',
  unknownDepartment: (code: string) => `No department with code ${code}`,
  unknownSubject: (code: string) => `No subject with code ${code}`,
  unknownSection: (name: string, year: string) => `No section ${name} in ${year}`,
  unknownAssignment: (subject: string, section: string) => `${subject} has no teacher in ${section}; add the teaching assignment first`,
  unknownPerson: (ref: string) => `No account with email or student ID ${ref}`,
  attendanceStatus: 'Status must be present, absent, late or excused',
  attendanceNoRecords: 'Mark at least one student',
  attendanceDuplicateStudent: 'A student appears more than once',
  attendanceFutureDate: 'Attendance cannot be taken for a future date',
  attendanceWindowClosed: (days: number) => `Attendance older than ${days} days can only be corrected by an administrator`,
  attendanceNotYourClass: 'You can take attendance only for your own classes',
  attendanceOwnOnly: 'You can only see your own attendance',
  attendanceSaved: 'Attendance saved',
  attendanceBelowThreshold: (threshold: number) => `Your attendance is below the required ${threshold}%`,
  // Document repository and ID cards (issue 13 items 1, 2; texts marked spec are exact)
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
  idCardNotGenerated: 'ID card not generated yet. Contact admin.', // spec
  idCardNotFound: 'ID card not found',
  idCardOwnOnly: 'You can only see your own ID card',
  idCardGenerated: 'ID card generated',
  idCardsGenerated: (n: number) => `${n} ID card${n === 1 ? '' : 's'} generated`,
  idCardRevoked: 'ID card revoked; its QR code no longer verifies',
  idCardNotAStudent: 'ID cards are made only for active students',
  idCardNoStudents: 'This section has no students',
  idCardLinkInvalid: 'This ID card link is invalid or has expired.',
  bloodGroupInvalid: 'Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-',
  validUntilInvalid: 'Valid until must be a date (YYYY-MM-DD)',
  verifyValid: 'Valid ID card',
  verifyExpired: 'This ID card has expired',
  verifyInvalid: 'This ID card is not valid',
  verifyInvalidHelp: 'It may have been revoked or replaced by a newer card. Ask the student for their current card.',

  // Exams, marks, results and materials (issue 12; texts marked spec are exact)
  examsLoadFailed: 'Failed to load exams', // spec (toast)
  marksLoadFailed: 'Failed to load marks data', // spec (toast)
  examRequired: 'Exam is required', // spec
  csvRequired: 'CSV file is required', // spec
  uploading: 'Uploading...', // spec
  marksUploaded: 'Marks uploaded successfully', // spec (toast)
  marksUploadFailed: 'Failed to upload marks', // spec (toast)
  materialTitleRequired: 'Title is required', // spec
  materialUploaded: 'Material uploaded successfully', // spec (toast)
  materialUploadFailed: 'Failed to upload material', // spec (toast)
  filesSelected: (n: number) => `${n} file(s) selected`, // spec
  examNameRequired: 'Exam name is required',
  examNameTooLong: 'Exam name too long',
  examKind: 'Kind must be internal, mid-term, end-term or assignment',
  examMaxMarks: 'Maximum marks must be between 1 and 1000',
  examWeight: 'Weight must be between 0 and 100',
  examNotFound: 'Exam not found',
  examNotYours: 'You can manage exams and marks only for your own classes',
  examCreated: 'Exam created',
  examUpdated: 'Exam updated',
  examDeleted: 'Exam deleted',
  examPublished: 'Marks published',
  examUnpublished: 'Marks withdrawn from students',
  examMaxBelowMarks: (highest: number) => `Some marks are above that maximum (highest ${highest}); correct them first`,
  noTeacherForClass: 'This subject has no teacher in that section; add the teaching assignment first',
  marksSaved: 'Marks saved',
  marksRequired: 'Marks are required (or "AB" for absent)',
  marksNotNumber: 'Marks must be a number with at most 2 decimals, or "AB" for absent',
  marksNegative: 'Marks cannot be negative',
  marksAboveMax: (max: number) => `Marks cannot be above the maximum of ${max}`,
  studentRefRequired: 'Student ID is required',
  notInSection: (ref: string, section: string) => `${ref} is not in section ${section}`,
  resultsOwnOnly: 'You can only see your own results',
  resultsNotYourStudent: 'You can see results only of students you teach',
  materialNotFound: 'Material not found',
  materialNotYourSubject: 'You can attach materials only to subjects you teach',
  materialDeleted: 'Material deleted',
  materialDescriptionTooLong: 'Description too long',
  // Analytics and reports (issue 14)
  rangeOrder: 'The end date must be on or after the start date',
  rangeTooLong: (days: number) => `Pick a range of at most ${days} days`,
  monthFormat: 'Use a month like 2026-11 (year-month)',
  reportNotFound: 'Report not found',
  reportFormat: 'Format must be xlsx or csv',
  reportSectionRequired: 'Section is required',
  reportMonthRequired: 'Month is required',
  reportExamRequired: 'Exam is required',
} as const;
