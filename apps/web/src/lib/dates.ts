const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** A calendar day "YYYY-MM-DD" as '21 Nov 2026' (no time zone shift); '—' when missing. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? '—' : dayFormat.format(d);
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
