/**
 * The client's one date and time formatter (issue 25): every table, card, dialog and log shows
 * '27 Nov 2026' and '27 Nov 2026, 22:01' (24-hour), in the college's time zone, whatever the
 * browser's locale or zone. A calendar day ('YYYY-MM-DD': a due date, an exam day) is shown as
 * written, never shifted across zones. The zone comes from GET /settings/public (`timeZone`); the
 * signed-in frame sets it when that answer arrives (`setCollegeTimeZone`). Lint forbids
 * `toLocale*String` elsewhere, so a screen cannot fall back to the browser's format.
 */

/** The server's default (CRS_TIMEZONE), used until the public settings say otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** English month abbreviations, fixed: ICU's own change between versions ('Sep' → 'Sept'). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MISSING = '—';
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

let zone = DEFAULT_TIME_ZONE;
let parts: Intl.DateTimeFormat | undefined;

/** The zone every instant is shown in. */
export const collegeTimeZone = (): string => zone;

/** Sets the college's zone (from the public settings); an unknown zone is ignored. Returns whether it changed. */
export function setCollegeTimeZone(timeZone: string | null | undefined): boolean {
  if (!timeZone || timeZone === zone) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
  } catch {
    return false;
  }
  zone = timeZone;
  parts = undefined;
  return true;
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number };

/** The wall-clock fields of an instant in the college's zone. */
function fieldsOf(d: Date): Fields {
  parts ??= new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  const f: Record<string, number> = {};
  for (const p of parts.formatToParts(d)) if (p.type !== 'literal') f[p.type] = Number(p.value);
  return { year: f.year!, month: f.month!, day: f.day!, hour: f.hour!, minute: f.minute! };
}

/**
 * Builds the formatter before the first date is shown. A page's first Intl object loads ICU's data
 * (~20 ms here, ~80 ms on a phone's CPU); the signed-in frame calls this in a task of its own while
 * the page's modules and answers are still on their way, rather than inside the render that first
 * shows a date.
 */
export function prepareDateFormat(): void {
  fieldsOf(new Date());
}

type Value = string | Date | null | undefined;

/** A calendar day as written, or an instant's fields in the college's zone; null when missing or unreadable. */
function read(value: Value): { fields: Fields; dayOnly: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const m = DAY_ONLY.exec(value);
    if (m) return { fields: { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0 }, dayOnly: true };
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : { fields: fieldsOf(d), dayOnly: false };
}

const day = (f: Fields) => `${f.day} ${MONTHS[f.month - 1]} ${f.year}`;
const time = (f: Fields) => `${String(f.hour).padStart(2, '0')}:${String(f.minute).padStart(2, '0')}`;

/** '27 Nov 2026' from a calendar day 'YYYY-MM-DD' (as written) or an instant (its day in the college's zone); '—' when missing. */
export function formatDate(value: Value, missing: string = MISSING): string {
  const r = read(value);
  return r ? day(r.fields) : missing;
}

/** '27 Nov 2026, 22:01' (24-hour, the college's zone); a calendar day alone reads '27 Nov 2026'; '—' when missing. */
export function formatDateTime(value: Value, missing: string = MISSING): string {
  const r = read(value);
  if (!r) return missing;
  return r.dayOnly ? day(r.fields) : `${day(r.fields)}, ${time(r.fields)}`;
}

/** '22:01' (24-hour, the college's zone); '—' when missing or a calendar day. */
export function formatTime(value: Value, missing: string = MISSING): string {
  const r = read(value);
  return r && !r.dayOnly ? time(r.fields) : missing;
}

/** 'Nov 2026' (a month of a career: '2019-07-01' → 'Jul 2019'); '—' when missing. */
export function formatMonth(value: Value, missing: string = MISSING): string {
  const r = read(value);
  return r ? `${MONTHS[r.fields.month - 1]} ${r.fields.year}` : missing;
}

/** Today in the college's zone as 'YYYY-MM-DD' (a date input's value or minimum). */
export function collegeToday(now: Date = new Date()): string {
  const f = fieldsOf(now);
  return `${f.year}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
}
