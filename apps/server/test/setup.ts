import { afterEach, vi } from 'vitest';

// A test fails on an unexpected console.error (style.md 18).
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length) throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
