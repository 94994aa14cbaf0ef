/**
 * Calendar-day arithmetic on 'YYYY-MM-DD' strings (the contract's dates, in the college's zone):
 * computed in UTC so no browser zone or daylight-saving change can shift a day. Weeks start on
 * Monday (the timetable's weekday 1).
 */
const DAY_MS = 86_400_000;

const toTime = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromTime = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Whether the text is a real calendar day written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && fromTime(toTime(value)) === value;
}

export const addDays = (day: string, n: number) => fromTime(toTime(day) + n * DAY_MS);

/** 1 = Monday … 7 = Sunday. */
export function weekday(day: string): number {
  const d = new Date(toTime(day)).getUTCDay();
  return d === 0 ? 7 : d;
}

export const startOfWeek = (day: string) => addDays(day, 1 - weekday(day));
export const startOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
export function endOfMonth(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return fromTime(Date.UTC(y, m, 0));
}
/** The same day number one month on (or back), kept inside the shorter month. */
export function addMonths(day: string, n: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + n;
  const first = fromTime(Date.UTC(y, m, 1));
  const last = Number(endOfMonth(first).slice(8, 10));
  return `${first.slice(0, 8)}${String(Math.min(Number(day.slice(8, 10)), last)).padStart(2, '0')}`;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Whether an item running from `start` to `end` (inclusive) covers `day`. */
export const covers = (item: { date: string; endDate: string }, day: string) => item.date <= day && day <= item.endDate;
