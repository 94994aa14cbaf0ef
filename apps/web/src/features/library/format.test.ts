import { describe, expect, it } from 'vitest';
import { authorsText, availabilityText, formatRupees, subjectsPreview } from './format';


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

  it("teacher grid availability reads 'available / total available'", () => {
    expect(availabilityText({ copiesAvailable: 2, copiesTotal: 5 })).toBe('2 / 5 available');
  });
});
