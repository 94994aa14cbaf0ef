/**
 * The audit log (issue 14). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const AUDIT_MSG = {
  auditActionUnknown: 'Pick an action from the list',
} as const;
