import { afterEach, vi } from 'vitest';

// A test fails on an unexpected console.error (style.md 18). The server project shares one module
// graph per worker (isolate: false), and this file runs again before every test file: the console
// is wrapped once per worker, and each file's afterEach reads and empties the one shared list.
type Guard = { errors: unknown[][] };
const KEY = Symbol.for('crs.test.console-error-guard');
const holder = globalThis as typeof globalThis & { [KEY]?: Guard };
const guard: Guard = (holder[KEY] ??= (() => {
  const g: Guard = { errors: [] };
  const original = console.error;
  console.error = (...args: unknown[]) => {
    g.errors.push(args);
    original(...args);
  };
  return g;
})());

afterEach(() => {
  const seen = guard.errors;
  guard.errors = [];
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (seen.length) throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
