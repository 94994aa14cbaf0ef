import { describe, expect, it } from 'vitest';
import { authorsText, availabilityText, formatRupees, loanStatus, overdueDays, subjectsPreview } from './format';

const DAY = 86_400_000;
const now = Date.parse('2026-03-10T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('library formatting', () => {
  it("shows the first 2 subjects and '+N' for the rest", () => {
    expect(subjectsPreview(['A', 'B', 'C', 'D'])).toEqual({ shown: ['A', 'B'], more: 2 });
    expect(subjectsPreview(['A', 'B'])).toEqual({ shown: ['A', 'B'], more: 0 });
    expect(subjectsPreview([])).toEqual({ shown: [], more: 0 });
  });

  it("joins authors, or says 'Unknown Author'", () => {
    expect(authorsText(['A. One', 'B. Two'])).toBe('A. One, B. Two');
    expect(authorsText([])).toBe('Unknown Author');
  });

  it('formats fines in rupees with 2 decimals', () => {
    expect(formatRupees(12)).toBe('₹12.00');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(7.5)).toBe('₹7.50');
    expect(formatRupees(0.05)).toBe('₹0.05');
  });

  it('loan status: Returned when returned, Overdue once the due date passed, else Active', () => {
    expect(loanStatus({ dueOn: iso(now + DAY), returnedOn: null }, now)).toBe('Active');
    expect(loanStatus({ dueOn: iso(now - 1000), returnedOn: null }, now)).toBe('Overdue');
    expect(loanStatus({ dueOn: iso(now - 5 * DAY), returnedOn: iso(now - DAY) }, now)).toBe('Returned');
  });

  it('overdue days are whole days past dueOn, rounded up', () => {
    expect(overdueDays({ dueOn: iso(now + DAY), returnedOn: null }, now)).toBe(0);
    expect(overdueDays({ dueOn: iso(now - 1000), returnedOn: null }, now)).toBe(1);
    expect(overdueDays({ dueOn: iso(now - DAY), returnedOn: null }, now)).toBe(1);
    expect(overdueDays({ dueOn: iso(now - DAY - 1000), returnedOn: null }, now)).toBe(2);
    expect(overdueDays({ dueOn: iso(now - 6 * DAY + 3_600_000), returnedOn: null }, now)).toBe(6);
    // A returned loan counts until its return.
    expect(overdueDays({ dueOn: iso(now - 10 * DAY), returnedOn: iso(now - 7 * DAY) }, now)).toBe(3);
  });

  it("teacher grid availability reads 'available / total available'", () => {
    expect(availabilityText({ copiesAvailable: 2, copiesTotal: 5 })).toBe('2 / 5 available');
  });
});
