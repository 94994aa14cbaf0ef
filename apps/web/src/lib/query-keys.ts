/** Query-key roots shared by features, so a mutation in one can refresh another's lists without importing it. */
export const queryKeys = {
  users: ['users'],
  stats: ['stats'],
  library: ['library'],
  alumni: ['alumni'],
  docs: ['docs'],
  idcards: ['idcards'],
} as const;
