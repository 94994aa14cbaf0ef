import { lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResets, sessions } from '../../db/schema/auth.ts';
import { SESSION_IDLE_DAYS } from './auth.service.ts';
import { pruneAttempts } from './throttle.ts';

/**
 * Deletes authentication data nobody can use any more: sessions ended (expired, idle or revoked)
 * over a day ago — their refresh tokens go with them — reset tokens expired over a day ago, and
 * throttling rows older than a day. Used refresh tokens of live sessions are kept: reuse
 * detection needs them.
 */
export async function pruneAuthData(db: Executor): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, dayAgo),
        lt(sessions.revokedAt, dayAgo),
        lt(sessions.lastUsedAt, sql`now() - make_interval(days => ${SESSION_IDLE_DAYS + 1})`),
      ),
    );
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, dayAgo));
  await pruneAttempts(db);
}
