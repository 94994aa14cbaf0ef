import type { Term } from '@crs/shared/schemas/settings';
import { addDays, weekdayOf } from '../../lib/time.ts';

// Demo terms (issue 25 item 12). The demo data (eight weeks of attendance, the semester's exams
// from ten weeks back to about three weeks ahead) is dated around the day of the first start, so
// the terms Settings shows are placed around that day too: the running semester began fourteen
// weeks before it (a Monday) and ends six weeks after it (a Saturday), next to its neighbour in the
// year, three weeks of break between. Odd semester from June to December, even from January to May,
// as Indian colleges count.

const RUNNING_BEFORE_DAYS = 14 * 7;
const RUNNING_AFTER_DAYS = 6 * 7;
const BREAK_DAYS = 3 * 7;
const OTHER_TERM_DAYS = 20 * 7 - 2;

const mondayOnOrBefore = (date: string) => addDays(date, 1 - weekdayOf(date));
const saturdayOnOrAfter = (date: string) => addDays(date, (6 - weekdayOf(date) + 7) % 7);

/** The running term around `today` ("YYYY-MM-DD") and its neighbour, in order (what Settings accepts). */
export function demoTermsAround(today: string): Term[] {
  const odd = Number(today.slice(5, 7)) >= 6;
  const start = mondayOnOrBefore(addDays(today, -RUNNING_BEFORE_DAYS));
  const end = saturdayOnOrAfter(addDays(today, RUNNING_AFTER_DAYS));
  const running: Term = { name: odd ? 'Odd semester' : 'Even semester', start, end };
  if (odd) {
    const nextStart = addDays(end, BREAK_DAYS + 2);
    return [running, { name: 'Even semester', start: nextStart, end: addDays(nextStart, OTHER_TERM_DAYS) }];
  }
  const previousEnd = addDays(start, -(BREAK_DAYS + 2));
  return [{ name: 'Odd semester', start: addDays(previousEnd, -OTHER_TERM_DAYS), end: previousEnd }, running];
}
