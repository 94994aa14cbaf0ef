/**
 * Validation texts and the server's general answers (sign-in, sessions, errors). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const COMMON_MSG = {
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

  // The page frame (ours): the first thing Tab reaches on every page with a header
  skipToMain: 'Skip to main content',

  // Server answers (ours)
  invalidCredentials: 'Invalid credentials',
  awaitingApproval: 'Your account is awaiting approval',
  accountDisabled: 'Your account has been disabled',
  emailTaken: 'An account with this email already exists',
  registrationClosed: 'Students cannot register themselves at this college: student accounts are created by the college office. Please ask them for your account.',
  registrationDomainOnly: (domains: readonly string[]) =>
    `Students can register only with a college email address (${domains.map((d) => `@${d}`).join(', ')}). Use your college address, or ask the college office for an account.`,
  tooManyAttempts: 'Too many attempts. Please try again later.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  resetRequested: 'If an account exists for that email, a reset link has been sent.',
  resetDone: 'Password has been reset',
  resetInvalid: 'This reset link is invalid or has expired.',
  currentPasswordRequired: 'Current password is required',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'Choose a new password, not the current one',
  passwordChanged: 'Password changed. Your other devices have been signed out.',
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
  /** A JSON body field holding half of a UTF-16 surrogate pair (`"\ud800"`), by its path (`experiences.0.company`). */
  invalidTextIn: (path: string) => `${path}: text contains characters that cannot be stored`,
  noApiRoute: (method: string, path: string) => `No API route ${method} ${path}`,
  unknownField: (names: string) => `Unknown field: ${names}`,
  invalidValue: 'Invalid value',
  noAccountWithEmail: (email: string) => `No account with email ${email}`,
  accountNotPending: (email: string, status: string) => `${email} is ${status}, not waiting for approval`,
} as const;
