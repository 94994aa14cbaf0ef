/** Cross-process messages (a session revoked, a user changed): PostgreSQL LISTEN/NOTIFY or an in-process bus. */
export type Notifier = {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, fn: (payload: string) => void): void;
};

const CHANNEL = 'crs_cache';
const MAX_ENTRIES = 50_000;

/**
 * One named cache of rows the hot path needs (auth's sessions, users' accounts). Every change goes
 * through `invalidate`, which drops the local entry at once and tells the other server processes;
 * the TTL bounds staleness should a notification ever be lost. See docs/decisions/0004-auth-cache.md.
 */
export class Cache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  /**
   * Bumped by every invalidation. A loader reads `epoch` before its database query and passes it
   * to `set`; if anything was invalidated meanwhile, the possibly stale row is not cached.
   */
  epoch = 0;

  constructor(
    private readonly name: string,
    private readonly publish: (payload: string) => Promise<void>,
    private readonly ttlMs: number,
  ) {}

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: T, epoch: number): void {
    if (epoch !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, at: Date.now() });
  }

  /** Forgets `key` here and in every other process. Call it after the change has committed. */
  async invalidate(key: string): Promise<void> {
    this.drop(key);
    await this.publish(`${this.name}:${key}`);
  }

  /** Forgets `key` in this process only (a notification from another one). */
  drop(key: string): void {
    this.epoch++;
    this.entries.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}

/** The named caches of one context, sharing one notification channel. */
export class Caches {
  private readonly byName = new Map<string, Cache<unknown>>();

  constructor(
    private readonly notifier: Notifier,
    private readonly ttlMs = 60_000,
  ) {
    notifier.subscribe(CHANNEL, (payload) => {
      if (payload === '*') return this.clear();
      const colon = payload.indexOf(':');
      this.byName.get(payload.slice(0, colon))?.drop(payload.slice(colon + 1));
    });
  }

  /** The cache called `name` (created on first use). Names contain no ':'. */
  of<T>(name: string): Cache<T> {
    let cache = this.byName.get(name);
    if (!cache) {
      cache = new Cache<unknown>(name, (payload) => this.notifier.publish(CHANNEL, payload), this.ttlMs);
      this.byName.set(name, cache);
    }
    return cache as Cache<T>;
  }

  /** Forgets everything in every process (restore of a backup). */
  async invalidateAll(): Promise<void> {
    this.clear();
    await this.notifier.publish(CHANNEL, '*');
  }

  /** Forgets everything in this process. */
  clear(): void {
    for (const cache of this.byName.values()) cache.clear();
  }
}
