/**
 * The second factor's screen texts shared by the sign-in page (features/auth) and the Account page
 * (features/my-account), which may not import each other; the server's messages are IDENTITY_MSG.
 */
export const MFA_TEXT = {
  title: 'Two-factor authentication',
  code: 'Authentication code',
  recoveryCode: 'Recovery code',
  hints: {
    app: 'The 6-digit code your authenticator app shows now.',
    recovery: 'One of the recovery codes you saved (xxxxx-xxxxx). Each works once.',
    either: 'The 6-digit code your authenticator app shows now, or one of your recovery codes.',
  },
  qrAlt: 'QR code to scan with your authenticator app',
  scan: 'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).',
  recoveryTitle: 'Your recovery codes',
  copyCodes: 'Copy codes',
  downloadCodes: 'Download codes',
  codesCopied: 'Recovery codes copied',
  copyFailed: 'The codes could not be copied; select them and copy them by hand.',
  codesFile: 'crs-recovery-codes.txt',
} as const;
