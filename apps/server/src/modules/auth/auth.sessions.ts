import Bowser from 'bowser';
import { MSG } from '@crs/shared/messages';
import type { ActiveSession } from '@crs/shared/schemas/identity';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { UUID } from '../../lib/patterns.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import { providerLabels } from '../identity/identity.policy.ts';
import * as settings from '../settings/settings.service.ts';
import * as repo from './auth.repository.ts';
import { forgetSessions } from './auth.service.ts';

// The sessions page (issue 28 item 4): a user's live sessions, and signing out one or all others.
// A revocation commits, then every server process forgets the session (lib/cache invalidate: the
// local entry at once, the others through the database's notification), so the next request with
// its access token is refused wherever it lands.

/** "Chrome 131 on Android" from a user agent (bowser), or what part of it is known. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return MSG.sessionUnknownDevice;
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name ? [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ') : '';
  if (name && os.name) return MSG.sessionDevice(name, os.name);
  return name || os.name || MSG.sessionUnknownDevice;
}

/** How a session began, as the page shows it: a provider by its label (its id once it is removed). */
function methodOf(method: string, mfa: boolean, labels: ReadonlyMap<string, string>): string {
  const provider = method.startsWith('oidc:') ? method.slice('oidc:'.length) : null;
  const first = provider === null ? MSG.sessionMethodPassword : MSG.sessionMethodProvider(labels.get(provider) ?? provider);
  return mfa ? MSG.sessionMethodWithMfa(first) : first;
}

const idleDays = async (ctx: AppContext) => (await settings.current(ctx)).sessionIdleDays;

/** GET /auth/sessions: the user's live sessions, the caller's own marked `current`. */
export async function list(ctx: AppContext, p: Principal): Promise<ActiveSession[]> {
  const [rows, labels] = await Promise.all([repo.liveSessionsOf(ctx.db, p.user.id, await idleDays(ctx)), providerLabels(ctx)]);
  return rows.map((r) => ({
    id: r.id,
    device: deviceOf(r.userAgent),
    userAgent: r.userAgent,
    ip: r.ip,
    startedAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastUsedAt.toISOString(),
    method: methodOf(r.method, r.mfa, labels),
    current: r.id === p.sessionId,
  }));
}

const notFoundSession = () => notFound(MSG.sessionNotFound, 'SESSION_NOT_FOUND');

/**
 * Signs out one other live session of the caller, audited: 409 for their own (Sign out ends that
 * one), 404 for an unknown, ended or someone else's session (never saying which).
 */
export async function revoke(ctx: AppContext, p: Principal, id: string): Promise<void> {
  if (id === p.sessionId) throw conflict(MSG.sessionCurrentUseLogout, 'SESSION_CURRENT');
  if (!UUID.test(id)) throw notFoundSession();
  const days = await idleDays(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.revokeSessionOf(tx, p.user.id, id, 'signed-out-by-user', days);
    if (!row) throw notFoundSession();
    await audit.record(ctx, p, { action: 'auth.session_revoked', target: { type: 'session', id, label: deviceOf(row.userAgent) }, details: { ip: row.ip } }, tx);
  });
  await forgetSessions(ctx, [id]);
}

/** Signs out every other session of the caller (this one stays), audited; how many ended. */
export async function revokeOthers(ctx: AppContext, p: Principal): Promise<number> {
  const days = await idleDays(ctx);
  const ended = await ctx.db.transaction(async (tx) => {
    const ids = await repo.revokeUserSessions(tx, p.user.id, 'signed-out-by-user', p.sessionId, days);
    if (ids.length > 0) await audit.record(ctx, p, { action: 'auth.sessions_revoked', target: { type: 'user', id: p.user.id, label: p.user.email }, details: { revoked: ids.length } }, tx);
    return ids;
  });
  await forgetSessions(ctx, ended);
  return ended.length;
}
