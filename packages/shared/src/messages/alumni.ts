/**
 * The alumni directory (spec section 5). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const ALUMNI_MSG = {
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
  /** Issue 27 item 5: a graduate's own alumni record (GET/PATCH /alumni/me). */
  alumniNoOwnRecord: 'You have no alumni record yet: it is made when you graduate.',
  alumniOwnPublic: 'Your alumni profile is public: everyone who reads the alumni directory can see it.',
  alumniOwnPrivate: 'Your alumni profile is private: only faculty can see it.',
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
