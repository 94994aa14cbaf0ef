const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * '21 Nov 2026' from a calendar day "YYYY-MM-DD" (as written, no time zone shift) or from an ISO
 * timestamp (the reader's local day); '—' when missing or unreadable.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(isDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return '—';
  return (isDay ? dayFormat : timeFormat).format(d);
}

/** An instant (ISO timestamp) as the local day '21 Nov 2026'; '—' when missing. */
export function formatInstantDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : timeFormat.format(d);
}

/** Bytes as '340 KB' / '2.5 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
