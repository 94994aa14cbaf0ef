import type { AppContext } from '../../context.ts';
import { addDays, collegeClock, weekdayOf } from '../../lib/time.ts';
import * as settings from '../settings/settings.service.ts';
import * as repo from './calendar.repository.ts';
import type { CalendarEventValues } from './calendar.repository.ts';

// The demo calendar (issue 27 item 7): the running academic year's holidays as a Maharashtra or
// Karnataka engineering college closes for them, an end-semester exam period in each term of
// Settings, and a few college events near today. Fixed-date holidays are placed in any year; the
// festivals that follow the lunar calendar carry their real dates for the years listed (a year
// missing from the list gets the fixed ones only). Not audited: the seed runs before anyone signs in.

type Holiday = [date: string, title: string, endDate?: string];

/** National and state holidays on the same date every year, as MM-DD. */
const FIXED: Array<[monthDay: string, title: string]> = [
  ['08-15', 'Independence Day'],
  ['10-02', 'Gandhi Jayanti'],
  ['11-01', 'Karnataka Rajyotsava'],
  ['12-25', 'Christmas'],
  ['01-26', 'Republic Day'],
  ['02-19', 'Chhatrapati Shivaji Maharaj Jayanti'],
  ['04-14', 'Dr. Babasaheb Ambedkar Jayanti'],
  ['05-01', 'Maharashtra Day'],
];

/** The festivals of each academic year (June to May), with their dates in that year. */
const FESTIVALS: Record<string, Holiday[]> = {
  '2025-26': [
    ['2025-08-27', 'Ganesh Chaturthi'],
    ['2025-10-20', 'Diwali', '2025-10-22'],
    ['2025-11-05', 'Guru Nanak Jayanti'],
    ['2026-02-15', 'Maha Shivaratri'],
    ['2026-03-04', 'Holi'],
    ['2026-03-19', 'Gudi Padwa'],
    ['2026-04-03', 'Good Friday'],
  ],
  '2026-27': [
    ['2026-09-14', 'Ganesh Chaturthi'],
    ['2026-10-20', 'Dussehra'],
    ['2026-11-08', 'Diwali', '2026-11-10'],
    ['2026-11-24', 'Guru Nanak Jayanti'],
    ['2027-03-06', 'Maha Shivaratri'],
    ['2027-03-22', 'Holi'],
    ['2027-03-26', 'Good Friday'],
    ['2027-04-07', 'Gudi Padwa'],
  ],
  '2027-28': [
    ['2027-09-04', 'Ganesh Chaturthi'],
    ['2027-10-09', 'Dussehra'],
    ['2027-10-29', 'Diwali', '2027-10-31'],
  ],
};

/** The holidays of the academic year `year` ("2026-27"): the fixed ones and its festivals, by date. */
export function holidaysOfYear(year: string): Holiday[] {
  const y = Number(year.slice(0, 4));
  const fixed: Holiday[] = FIXED.map(([md, title]) => [`${Number(md.slice(0, 2)) >= 6 ? y : y + 1}-${md}`, title]);
  const byDate = new Map<string, Holiday>();
  for (const h of [...fixed, ...(FESTIVALS[year] ?? [])]) byDate.set(`${h[0]}|${h[1]}`, h);
  return [...byDate.values()].sort((a, b) => a[0].localeCompare(b[0]));
}

/** The first Monday to Friday on or after `date`. */
const weekdayOnOrAfter = (date: string) => (weekdayOf(date) >= 6 ? addDays(date, 8 - weekdayOf(date)) : date);

/** The demo calendar, unless any entry is stored; true when it was written. */
export async function seedDemoCalendar(ctx: AppContext): Promise<boolean> {
  if ((await repo.countEvents(ctx.db)) > 0) return false;
  const today = collegeClock(ctx.config.timeZone).date;
  const s = await settings.current(ctx);
  const rows: CalendarEventValues[] = holidaysOfYear(settings.academicYearOf(today)).map(([date, title, end]) => ({ kind: 'holiday', title, startDate: date, endDate: end ?? date, scope: 'college' }));
  for (const t of s.terms) {
    rows.push({ kind: 'exam-period', title: `${t.name}: end-semester examinations`, description: 'Theory papers of every year; the timetable is on the notice board.', startDate: addDays(t.end, -13), endDate: t.end, scope: 'college' });
  }
  const fest = weekdayOnOrAfter(addDays(today, 12));
  rows.push(
    { kind: 'event', title: 'Placement orientation', description: 'The training and placement cell explains this season’s drives, eligibility and the résumé format. Final-year students.', startDate: weekdayOnOrAfter(addDays(today, 3)), endDate: weekdayOnOrAfter(addDays(today, 3)), startMin: 10 * 60, endMin: 12 * 60, scope: 'college' },
    { kind: 'event', title: 'Annual tech fest', description: 'Project expo, hackathon and robotics contest in the main building.', startDate: fest, endDate: addDays(fest, 1), scope: 'college' },
    { kind: 'event', title: 'Sports day', description: 'Athletics and team finals on the college ground.', startDate: weekdayOnOrAfter(addDays(today, 24)), endDate: weekdayOnOrAfter(addDays(today, 24)), startMin: 8 * 60, endMin: 17 * 60, scope: 'college' },
  );
  await repo.insertEvents(ctx.db, rows);
  return true;
}
