// The API rate limit's counting (decision 0031): fixed windows counted in memory per process and
// added to a shared store in batches, so a request never waits for the store. Hand-written in place
// of @fastify/rate-limit, whose shared stores take a round trip on every request.

/**
 * The counters every server process shares (the database or Redis; the ratelimit module provides
 * them, the composition root passes one in).
 */
export interface RateLimitStore {
  /**
   * Adds `hits` (key → requests; 0 only reads) to the counters of the window that starts at
   * `windowStart` (ms since the epoch) and lasts `windowMs`; resolves every key's total in that
   * window over all processes, these hits included.
   */
  add(windowStart: number, windowMs: number, hits: ReadonlyMap<string, number>): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/**
 * Counters in this process's memory: the store where one process serves the whole database (the
 * embedded one, whose data directory one process holds), so its own counts are every count. A
 * shared store would add nothing there but a write to the database four times a second under
 * traffic, on the thread that serves requests. Windows that ended before the one a batch is for
 * are dropped then, as the database store deletes their rows.
 */
export function memoryStore(): RateLimitStore {
  const windows = new Map<number, Map<string, number>>();
  return {
    async add(windowStart, windowMs, hits) {
      for (const start of windows.keys()) if (start + windowMs < windowStart) windows.delete(start);
      let counts = windows.get(windowStart);
      if (!counts) windows.set(windowStart, (counts = new Map()));
      const totals = new Map<string, number>();
      for (const [key, n] of hits) {
        const total = (counts.get(key) ?? 0) + n;
        counts.set(key, total);
        totals.set(key, total);
      }
      return totals;
    },
    async close() {
      windows.clear();
    },
  };
}

type Entry = {
  limit: number;
  /** The window's total over every process, as the store last answered. */
  shared: number;
  /** Hits of this process not yet sent to the store, and those on their way. */
  pending: number;
  sending: number;
};
type Window = { start: number; entries: Map<string, Entry> };

export type RateCounterOptions = {
  windowMs: number;
  store: RateLimitStore;
  /** A flush failed (the store is unreachable): counting goes on in this process alone. */
  onError(err: unknown): void;
  /** A flush reached the store (after a failure: shared counting again). */
  onStored?(): void;
  now?: () => number;
};

/**
 * Per key, a request is admitted while `shared + sending + pending` is under the key's limit:
 * what every process had added at the last flush plus this process's own hits since. A flush
 * (every ~250 ms, and at once when a key collects a tenth of its limit) sends the pending hits of
 * every key, and reads again the keys that are past half their limit, so every process learns a
 * busy key's total within one flush. Between flushes a process does not see the others' hits:
 * with n processes a key can pass its limit by what n − 1 processes admit in one flush interval.
 */
export class RateCounter {
  private current: Window = { start: 0, entries: new Map() };
  /** Earlier windows with hits still to send (the window turned between flushes). */
  private ended: Window[] = [];
  private running: Promise<void> | undefined;
  private again = false;
  private soonQueued = false;
  private readonly now: () => number;

  constructor(private readonly opts: RateCounterOptions) {
    this.now = opts.now ?? Date.now;
  }

  /**
   * Counts one request of `key` and answers 0 when it is admitted, else the milliseconds until
   * its window ends (a refused request is not counted). Synchronous: no store round trip.
   */
  hit(key: string, limit: number): number {
    const now = this.now();
    const w = this.windowAt(now);
    let e = w.entries.get(key);
    if (!e) {
      e = { limit, shared: 0, pending: 0, sending: 0 };
      w.entries.set(key, e);
    }
    if (e.shared + e.sending + e.pending >= limit) return Math.max(1, w.start + this.opts.windowMs - now);
    e.pending++;
    if (e.pending * 10 >= limit && !this.soonQueued) {
      this.soonQueued = true;
      setImmediate(() => {
        this.soonQueued = false;
        this.tick();
      });
    }
    return 0;
  }

  /** Starts a flush unless one is under way (then one more follows it). */
  tick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.flushOnce().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.tick();
      }
    });
  }

  /** Resolves once every hit counted so far has been offered to the store (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.tick();
    await this.running;
  }

  private windowAt(now: number): Window {
    const start = now - (now % this.opts.windowMs);
    if (start !== this.current.start) {
      if (this.current.entries.size > 0) this.ended.push(this.current);
      this.current = { start, entries: new Map() };
    }
    return this.current;
  }

  private async flushOnce(): Promise<void> {
    this.windowAt(this.now());
    // An ended window is sent once, whatever the answer: its counts no longer decide anything here.
    const ended = this.ended;
    this.ended = [];
    for (const w of [...ended, this.current]) {
      const batch = new Map<string, number>();
      for (const [key, e] of w.entries) {
        const seen = e.shared + e.sending + e.pending;
        const busy = w === this.current && seen * 2 >= e.limit && seen < e.limit;
        if (e.pending > 0 || busy) {
          batch.set(key, e.pending);
          e.sending += e.pending;
          e.pending = 0;
        }
      }
      if (batch.size === 0) continue;
      let totals: Map<string, number> | undefined;
      try {
        totals = await this.opts.store.add(w.start, this.opts.windowMs, batch);
        this.opts.onStored?.();
      } catch (err) {
        this.opts.onError(err);
      }
      for (const [key, sent] of batch) {
        const e = w.entries.get(key)!;
        e.sending -= sent;
        const total = totals?.get(key);
        if (total !== undefined) e.shared = Math.max(e.shared, total);
        else if (w === this.current) e.pending += sent; // not stored: offered again next time
      }
    }
  }
}

/**
 * The counter key of a client address: IPv4 as it is, an IPv4-mapped IPv6 address as its IPv4,
 * any other IPv6 address as its /64 (one site's prefix: one client can use any address in it).
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  const [head = '', tail] = bare.split('::');
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const front = groupsOf(head);
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - groupsOf(tail).length)).fill('0'), ...groupsOf(tail)];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
