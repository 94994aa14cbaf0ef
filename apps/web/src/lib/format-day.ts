const dateOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const local = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** "5 Nov 2026" from a "YYYY-MM-DD" date (as written) or an ISO timestamp (in the reader's zone). */
export function formatDay(value: string): string {
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(isDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return (isDate ? dateOnly : local).format(d);
}
