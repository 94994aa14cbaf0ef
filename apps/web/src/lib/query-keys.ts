/** Query-key roots shared by features, so a mutation in one can refresh another's lists without importing it. */
export const queryKeys = {
  users: ['users'],
  stats: ['stats'],
  library: ['library'],
  alumni: ['alumni'],
  docs: ['docs'],
  idcards: ['idcards'],
  /** The institution's settings; `settingsPublic` under it is what every page shows (lib/institution-query.ts). */
  settings: ['settings'],
  settingsPublic: ['settings', 'public'],
  /** The caller's notifications (the bell's dot): reading a notice also reads its notification (issue 30). */
  notifications: ['notifications'],
} as const;
