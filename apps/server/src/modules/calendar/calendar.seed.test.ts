// Issue 27 item 7: the demo calendar — the running academic year's national and festival holidays,
// an exam period at the end of each term, a few events near today; written once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, rows } from '../../../test/util.ts';
import { sql } from 'drizzle-orm';
import { collegeClock } from '../../lib/time.ts';
import * as settings from '../settings/settings.service.ts';
import { holidaysOfYear, seedDemoCalendar } from './calendar.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo calendar', () => {
  it('places the national holidays in the academic year and the festivals on their real dates', () => {
    const y = holidaysOfYear('2026-27');
    expect(y).toEqual(
      expect.arrayContaining([
        ['2026-08-15', 'Independence Day'],
        ['2026-10-02', 'Gandhi Jayanti'],
        ['2026-11-08', 'Diwali', '2026-11-10'],
        ['2026-09-14', 'Ganesh Chaturthi'],
        ['2026-12-25', 'Christmas'],
        ['2027-01-26', 'Republic Day'],
        ['2027-03-22', 'Holi'],
      ]),
    );
    expect(y.map((h) => h[0])).toEqual([...y.map((h) => h[0])].sort());
    // A year without a festival table still gets the fixed holidays, inside June..May.
    const later = holidaysOfYear('2040-41');
    expect(later.map((h) => h[1])).toContain('Republic Day');
    expect(later.every((h) => h[0] >= '2040-06-01' && h[0] <= '2041-05-31')).toBe(true);
  });

  it('writes holidays, one exam period per term and three events, once', async () => {
    expect(await seedDemoCalendar(t.ctx)).toBe(true);
    const year = settings.academicYearOf(collegeClock(t.ctx.config.timeZone).date);
    const republic = `${Number(year.slice(0, 4)) + 1}-01-26`;
    expect(await countRows(t.ctx, 'calendar_events', `kind = 'holiday' and title = 'Republic Day' and start_date = '${republic}'`)).toBe(1);
    const terms = (await settings.current(t.ctx)).terms;
    const periods = await rows<{ end_date: string }>(t.ctx, sql`select end_date::text from calendar_events where kind = 'exam-period' order by start_date`);
    expect(periods.map((p) => p.end_date)).toEqual(terms.map((x) => x.end));
    expect(await countRows(t.ctx, 'calendar_events', `kind = 'event'`)).toBe(3);
    const before = await countRows(t.ctx, 'calendar_events');
    expect(await seedDemoCalendar(t.ctx)).toBe(false);
    expect(await countRows(t.ctx, 'calendar_events')).toBe(before);
  });
});
