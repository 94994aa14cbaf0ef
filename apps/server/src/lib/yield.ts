// Long work that shares the server's thread. Work that takes seconds (an import's check, the semester
// rollover's transaction) splits into short statements and lets the event loop run between them, so
// /health and other requests answer meanwhile (decision 0045). It was written for PGlite in the
// server's thread, where a chain of awaited statements never let a request in; since decision 0056
// each answer from the embedded database's thread is an event of its own too, and the yield is one
// macrotask kept for the JavaScript work between statements.

/** Lets the event loop run once (pending I/O, timers) before the caller goes on. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `fn` on consecutive slices of `list` of at most `size` items, in order, letting the event loop run before each. */
export async function inSlices<T, R>(list: readonly T[], size: number, fn: (slice: T[]) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < list.length; i += size) {
    await yieldToEventLoop();
    out.push(await fn(list.slice(i, i + size)));
  }
  return out;
}
