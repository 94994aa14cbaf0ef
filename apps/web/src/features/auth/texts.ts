/**
 * Auth toasts and pending labels, character for character from spec sections 4 and 8. A failed login
 * without a server message says COMMON_MSG.invalidCredentials (login-failure.ts, loaded only then).
 */
export const AUTH_TEXT = {
  loginSuccess: 'Login successful!',
  loginPending: 'Logging in...',
  opacLink: 'Search the library catalogue',
  registerSuccess: 'Account created! Please login.',
  registerFailure: 'Registration failed',
  registerPending: 'Creating account...',
  resetRequestSuccess: 'Password reset link sent! Please check your email.',
  resetRequestFailure: 'Failed to send reset link. Please try again.',
  resetRequestPending: 'Sending link...',
  resetConfirmSuccess: 'Password has been reset successfully! You can now login.',
  resetConfirmFailure: 'Failed to reset password. The link may have expired.',
  resetConfirmPending: 'Resetting password...',
  resetTokenMissing: 'Invalid or missing reset token.',
  loggingOut: 'Logging out...',
  // The registration policy told up front (issue 25 item 6); the server's refusal says the same.
  policyDomains: (domains: readonly string[]) => `Students register with a college email address: ${domains.map((d) => `@${d}`).join(', ')}.`,
  policyClosed: 'Student accounts are created by the college office. Teacher and Staff sign-ups wait for approval.',
} as const;
