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
} as const;
