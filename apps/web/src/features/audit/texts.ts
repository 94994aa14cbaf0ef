/** The System Logs page's own texts (issue 14 item 2); the action labels are AUDIT_ACTIONS in packages/shared. */
export const AUDIT_TEXT = {
  title: 'System Logs',
  description: 'Security-relevant and destructive actions: who did what, when, from which address, and what changed. Entries cannot be edited or deleted.',
  caption: 'Audit log entries',
  actorLabel: 'Who',
  actorPlaceholder: 'Name, email or account ID',
  actionLabel: 'Action',
  anyAction: 'Any action',
  targetLabel: 'Acted on',
  anyTarget: 'Anything',
  fromLabel: 'From',
  toLabel: 'To',
  clearFilters: 'Clear filters',
  colWhen: 'When',
  colWho: 'Who',
  colAction: 'Action',
  colTarget: 'Target',
  colIp: 'From',
  colDetails: 'Details',
  anonymous: 'Anonymous',
  none: '—',
  empty: 'No entries match these filters.',
  listFailed: 'Could not load the audit log.',
  searching: 'Searching',
  /** A changed field as the Details column shows it. */
  change: (field: string, from: string, to: string) => `${field}: ${from} → ${to}`,
  detail: (key: string, value: string) => `${key}: ${value}`,
} as const;

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_ACTOR_DEBOUNCE_MS = 300;
