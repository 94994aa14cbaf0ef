/** Texts of the notifications screens that only the client shows (the rest are MSG's NOTIFICATIONS_MSG). */
export const NOTIFICATIONS_TEXT = {
  description: 'Everything the portal told you: reminders, results, notices. The newest first.',
  loadFailed: 'Could not load your notifications.',
  preferencesLoadFailed: 'Could not load your notification settings.',
  save: 'Save',
  saving: 'Saving…',
  retrying: 'Trying…',
  emailFor: (kind: string) => `Email for ${kind}`,
} as const;
