// Demo terms around the day of the first start (issue 25 item 12): whatever the date, a running
// semester that Settings accepts, with its neighbour in order.
import { describe, expect, it } from 'vitest';
import { termsField } from '@crs/shared/schemas/settings';
import { weekdayOf } from '../../lib/time.ts';
import { demoTermsAround } from './settings.seed.ts';

describe('demoTermsAround', () => {
  it.each(['2026-11-27', '2026-06-01', '2026-12-31', '2027-01-03', '2027-03-15', '2027-05-31'])('places a live semester around %s, Monday to Saturday, valid for Settings', (today) => {
    const terms = demoTermsAround(today);
    expect(termsField.safeParse(terms).success).toBe(true);
    expect(terms).toHaveLength(2);
    const running = terms.filter((x) => x.start <= today && today <= x.end);
    expect(running).toHaveLength(1);
    expect(running[0]!.name).toBe(Number(today.slice(5, 7)) >= 6 ? 'Odd semester' : 'Even semester');
    expect(weekdayOf(running[0]!.start)).toBe(1);
    expect(weekdayOf(running[0]!.end)).toBe(6);
    expect(terms.map((x) => x.name).sort()).toEqual(['Even semester', 'Odd semester']);
  });
});
