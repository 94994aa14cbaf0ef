/**
 * The sign-in steps after the password form (issue 28): the second factor and the identity
 * provider's return page. Apart from AUTH_TEXT so they load with those steps, not with /login's
 * first paint (decision 0012). The server's messages are IDENTITY_MSG.
 */
export const SIGN_IN_TEXT = {
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the code from your app',
  back: 'Back to sign in',
  verifyFailed: 'The code could not be checked. Please try again.',
  enrolPreparing: 'Preparing your key…',
  enrolFailed: 'Two-factor set-up could not start. Please sign in again.',
  enrolConfirm: 'Turn on',
  enrolConfirming: 'Turning on...',
  continue: 'Continue',
  callbackTitle: 'Signing in',
  callbackFailedTitle: 'Sign-in did not complete',
} as const;
