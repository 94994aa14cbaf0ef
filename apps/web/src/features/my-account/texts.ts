/** Labels of the account page (a CRS addition; the server's messages are in MSG). */
export const ACCOUNT_TEXT = {
  title: 'Account',
  description: 'How you sign in to CRS.',
  signedInAs: 'Signed in as',
  roles: 'Roles',
  passwordTitle: 'Change Password',
  passwordDescription: 'You stay signed in here; every other device and browser is signed out.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  submit: 'Change Password',
  updating: 'Updating...',
  failed: 'Failed to change password',
} as const;
