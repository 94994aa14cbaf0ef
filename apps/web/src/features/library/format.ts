import type { Book } from './api/types';
import { CARD_SUBJECTS, LIBRARY_TEXT } from './texts';

/** The authors joined, or 'Unknown Author'. */
export function authorsText(authors: readonly string[]): string {
  return authors.length > 0 ? authors.join(', ') : LIBRARY_TEXT.unknownAuthor;
}

/** The first subjects a card shows and how many more hide behind '+N'. */
export function subjectsPreview(subjects: readonly string[], max = CARD_SUBJECTS): { shown: string[]; more: number } {
  return { shown: subjects.slice(0, max), more: Math.max(0, subjects.length - max) };
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money in rupees with 2 decimals: 12 → '₹12.00'. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

export function daysText(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** 'available / total available' (the teacher grid). */
export function availabilityText(book: Pick<Book, 'copiesAvailable' | 'copiesTotal'>): string {
  return `${book.copiesAvailable} / ${book.copiesTotal} available`;
}

/** Splits a comma-separated field into trimmed, non-empty entries. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
