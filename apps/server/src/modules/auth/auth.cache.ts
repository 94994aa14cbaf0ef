import type { Notifier } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';

export type CachedSession = { userId: string; revoked: boolean; expiresAt: number };
export type CachedUser = Omit<UserRow, 'passwordHash'>;

const CHANNEL = 'crs_auth';
const MAX_ENTRIES = 50_000;

/**
 * Keeps sessions and users that authenticated requests need, so the hot path does not hit the
 * database. Every change goes through `invalidate*`, which drops the local entry at once and tells
 * the other server processes (PostgreSQL LISTEN/NOTIFY); the TTL bounds staleness should a
 * notification ever be lost. See docs/decisions/0004-auth-cache.md.
 */
export class AuthCache {
  private readonly sessions = new Map<string, { value: CachedSession; at: number }>();
  private readonly users = new Map<string, { value: CachedUser; at: number }>();
  /**
   * Bumped by every invalidation. A loader reads `epoch` before its database query and passes it
   * to `set*`; if anything was invalidated meanwhile, the possibly stale row is not cached.
   */
  epoch = 0;

  constructor(
    private readonly notifier: Notifier,
    private readonly ttlMs = 60_000,
  ) {
    notifier.subscribe(CHANNEL, (payload) => this.dropLocal(payload));
  }

  getSession(id: string): CachedSession | undefined {
    return this.fresh(this.sessions, id);
  }
  setSession(id: string, value: CachedSession, epoch: number): void {
    if (epoch === this.epoch) this.put(this.sessions, id, value);
  }
  getUser(id: string): CachedUser | undefined {
    return this.fresh(this.users, id);
  }
  setUser(id: string, value: CachedUser, epoch: number): void {
    if (epoch === this.epoch) this.put(this.users, id, value);
  }

  /** Forget a session everywhere (logout, revocation). */
  async invalidateSession(id: string): Promise<void> {
    this.epoch++;
    this.sessions.delete(id);
    await this.notifier.publish(CHANNEL, `s:${id}`);
  }
  /** Forget a user everywhere (profile, roles, status or password changed). */
  async invalidateUser(id: string): Promise<void> {
    this.epoch++;
    this.users.delete(id);
    await this.notifier.publish(CHANNEL, `u:${id}`);
  }
  /** Forget everything (restore of a backup). */
  async invalidateAll(): Promise<void> {
    this.clear();
    await this.notifier.publish(CHANNEL, '*');
  }
  clear(): void {
    this.epoch++;
    this.sessions.clear();
    this.users.clear();
  }

  private dropLocal(payload: string): void {
    this.epoch++;
    if (payload === '*') this.clear();
    else if (payload.startsWith('s:')) this.sessions.delete(payload.slice(2));
    else if (payload.startsWith('u:')) this.users.delete(payload.slice(2));
  }

  private fresh<T>(map: Map<string, { value: T; at: number }>, key: string): T | undefined {
    const hit = map.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  private put<T>(map: Map<string, { value: T; at: number }>, key: string, value: T): void {
    if (map.size >= MAX_ENTRIES) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, { value, at: Date.now() });
  }
}
