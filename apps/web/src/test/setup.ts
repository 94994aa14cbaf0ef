import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { consoleErrorAllowed, resetConsoleErrorAllowance } from './console';
import { installMatchMedia, resetMediaMatches } from './match-media';

// Lazy routes and chunks resolve through dynamic imports: on a loaded two-core CI machine the
// default 1 s for findBy*/waitFor is too tight. A wait still fails when the element never comes.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Radix and the theme use.
installMatchMedia();
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// jsdom has no canvas (it would log "Not implemented"): a browser without one draws no chart, and
// charts show their text alternative alone.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// A test fails on any console.error it did not expect (style.md rule 18); see allowConsoleError() in ./console.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  resetConsoleErrorAllowance();
  // Recorded, not printed: an unexpected call fails the test below with its text.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
  resetMediaMatches();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0 && !consoleErrorAllowed()) {
    throw new Error(`Unexpected console.error:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
