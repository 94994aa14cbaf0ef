// Long work that shares the server's thread: on the embedded database (PGlite) every statement runs
// in the thread that answers requests, and a chain of awaited statements never lets the event loop
// take a request in between — only a macrotask does. Work that takes seconds (an import's check, the
// semester rollover's transaction) splits into short statements and lets the loop run between them,
// so /health and other requests answer meanwhile (decision 0045).

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
