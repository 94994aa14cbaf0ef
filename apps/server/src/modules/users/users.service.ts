import { and, count, isNull, sql } from 'drizzle-orm';
import { MSG } from '@crs/shared/messages';
import type { Role } from '@crs/shared/roles';
import type { ListUsersQuery } from '@crs/shared/schemas/users';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { accountCounts, activatePending, deleteUser, findUserByEmail, insertUser, listUsers } from './users.repository.ts';

export const listAccounts = (ctx: AppContext, q: ListUsersQuery) => listUsers(ctx.db, q);

/** Makes a pending sign-up active. Only a pending account can be approved. */
export async function approveAccount(ctx: AppContext, id: string) {
  const user = await activatePending(ctx.db, id);
  if (!user) throw notFound(MSG.noPendingAccount, 'NO_PENDING_ACCOUNT');
  await ctx.authCache.invalidateUser(id);
  return user;
}

/** Rejects a pending sign-up: the account is deleted, so the address can sign up again. */
export async function rejectAccount(ctx: AppContext, id: string): Promise<void> {
  if (!(await deleteUser(ctx.db, id, 'pending'))) throw notFound(MSG.noPendingAccount, 'NO_PENDING_ACCOUNT');
  await ctx.authCache.invalidateUser(id);
}

/** Approves a pending sign-up by email (CLI); an active account is left as it is. */
export async function approveByEmail(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw notFound(`No account with email ${email}`, 'NO_ACCOUNT');
  if (user.status === 'active') return { user, changed: false };
  // Approval is for sign-ups only: a disabled account stays disabled.
  if (user.status !== 'pending') throw conflict(`${user.email} is ${user.status}, not waiting for approval`, 'NOT_PENDING');
  const updated = await approveAccount(ctx, user.id);
  return { user: updated, changed: true };
}

/**
 * Creates an active account with any role (CLI, SuperAdmin). Without a password a random one is
 * generated and returned once.
 */
export async function createAccount(ctx: AppContext, input: { email: string; name: string; roles: Role[]; password?: string | undefined; phone?: string; department?: string }) {
  const password = input.password ?? randomToken().slice(0, 16);
  try {
    const user = await insertUser(ctx.db, {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      department: input.department ?? null,
      roles: input.roles,
      status: 'active',
      passwordHash: await hashPassword(password),
    });
    return { user, password: input.password ? undefined : password };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/** Active accounts per role and pending sign-ups. */
export const overviewStats = (ctx: AppContext) => accountCounts(ctx.db);

/** Uptime, database size and sessions that are live now. */
export async function systemStats(ctx: AppContext) {
  const [[live], bytes] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(sessions)
      .where(and(isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`, sql`${sessions.lastUsedAt} > now() - interval '7 days'`)),
    ctx.database.sizeBytes(),
  ]);
  return {
    uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
    databaseBytes: bytes,
    activeSessions: Number(live?.n ?? 0),
    database: ctx.database.kind,
  };
}

