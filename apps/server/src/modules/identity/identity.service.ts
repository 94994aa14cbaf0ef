import { MSG } from '@crs/shared/messages';
import { APPROVAL_ROLES } from '@crs/shared/roles';
import { NAME_MAX } from '@crs/shared/fields';
import type { LinkedIdentity, OidcProvider, OidcProviderInput, OidcProviderPatch } from '@crs/shared/schemas/identity';
import { issuerAllowed } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { randomToken, seal, sha256 } from '../../lib/crypto.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import * as auth from '../auth/auth.service.ts';
import type { RequestMeta } from '../auth/auth.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';
import { authorizationRequest, completeAuthorization, discover, redirectUriOf } from './identity.oidc.ts';
import { allProviders, emailDomainOf, enabledProvider, ENV_PROVIDER_ID, providersChanged, rolesFromClaims, SECRET_PURPOSE } from './identity.providers.ts';
import type { ProviderDefinition } from './identity.providers.ts';
import * as repo from './identity.repository.ts';

// OpenID Connect sign-in (issue 28, decision 0046): start → provider → callback → one-time code →
// exchange, which ends in auth.completeSignIn like every sign-in. Providers in Settings, linked
// identities on the Account page.

/** A pending login lives this long (the person signs in at the provider meanwhile). */
export const PENDING_MINUTES = 10;
/** The one-time code of `/login/callback#code=…` lives this long. */
export const EXCHANGE_SECONDS = 60;
/** The password hash of an account made by a provider: none (no password verifies against it). */
export const NO_PASSWORD = '';
/** `amr` values (RFC 8176) that mean a second factor was used at the provider. */
const SECOND_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sms', 'tel', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm']);

const providerTarget = (p: { id: string; label: string }) => ({ type: 'sign-in provider', id: p.id, label: p.label });

// ---------------------------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------------------------

/** The login page's buttons: id and label of each enabled provider. */
export const publicProviders = async (ctx: AppContext) => ({ providers: (await allProviders(ctx)).filter((p) => p.enabled).map((p) => ({ id: p.id, label: p.label })) });

/**
 * Starts a sign-in: stores its state, nonce and PKCE verifier (server side, 10 minutes, any process
 * may answer the callback) and answers the provider's authorization URL. 404 for an unknown or
 * disabled provider; 400 when the issuer cannot be reached.
 */
export async function start(ctx: AppContext, providerId: string, returnTo: string): Promise<string> {
  const provider = await enabledProvider(ctx, providerId);
  if (!provider) throw notFound(MSG.oidcProviderNotFound, 'OIDC_PROVIDER_NOT_FOUND');
  let request;
  try {
    request = await authorizationRequest(ctx, provider);
  } catch {
    throw badRequest(MSG.oidcIssuerUnreachable, 'OIDC_ISSUER_UNREACHABLE');
  }
  await repo.insertPending(ctx.db, { stateHash: sha256(request.state), providerId, nonce: request.nonce, codeVerifier: request.codeVerifier, returnTo, minutes: PENDING_MINUTES });
  return request.url;
}

const failure = (code: string, message: string) => `/login/callback#error=${encodeURIComponent(code)}&message=${encodeURIComponent(message)}`;

/**
 * The provider's answer: checks state (once), exchanges the code (PKCE), checks the ID token, finds,
 * links or creates the account, and answers where to send the browser — `/login/callback#code=…`
 * with a one-time code, or `/login/callback#error=CODE&message=…`. Never throws for a refusal;
 * `onError` hears what went wrong with the provider (the answer only says it failed).
 */
export async function callback(ctx: AppContext, providerId: string, query: Record<string, unknown>, meta: RequestMeta, onError: (err: unknown) => void): Promise<string> {
  const provider = await enabledProvider(ctx, providerId);
  if (!provider) return failure('OIDC_PROVIDER_NOT_FOUND', MSG.oidcProviderNotFound);
  const state = typeof query.state === 'string' ? query.state : '';
  const pending = state ? await repo.takePending(ctx.db, sha256(state), provider.id) : undefined;
  const refused = (reason: string, email: string | null = null) =>
    audit.record(ctx, { anonymous: true, email, ip: meta.ip }, { action: 'identity.sign_in_refused', target: providerTarget(provider), details: { reason } });
  if (!pending) {
    await refused('unknown or expired state');
    return failure('OIDC_STATE_INVALID', MSG.oidcSignInFailed);
  }
  if (typeof query.error === 'string') {
    await refused(`provider answered ${query.error.slice(0, 100)}`);
    return failure('OIDC_PROVIDER_ERROR', MSG.oidcSignInFailed);
  }
  let result;
  try {
    result = await completeAuthorization(ctx, provider, query, { ...pending, state });
  } catch (err) {
    onError(err);
    await refused(`token refused: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown'}`);
    return failure('OIDC_TOKEN_INVALID', MSG.oidcSignInFailed);
  }
  const email = typeof result.claims.email === 'string' ? result.claims.email.trim().toLowerCase() : '';
  try {
    const { account, identityId } = await accountFor(ctx, provider, result.subject, email, result.claims, meta);
    const amr = Array.isArray(result.claims.amr) ? result.claims.amr : [];
    const mfaSatisfied = provider.amrCountsAsMfa && amr.some((v) => typeof v === 'string' && SECOND_FACTOR_AMR.has(v));
    const code = randomToken();
    await ctx.db.transaction(async (tx) => {
      await repo.insertExchangeCode(tx, { codeHash: sha256(code), userId: account.id, providerId: provider.id, mfaSatisfied, seconds: EXCHANGE_SECONDS });
      await repo.touchIdentity(tx, identityId);
      await audit.record(ctx, { user: account, ip: meta.ip }, { action: 'identity.signed_in', target: providerTarget(provider), details: { subject: result.subject, mfaSatisfied } }, tx);
    });
    return `/login/callback#code=${encodeURIComponent(code)}&returnTo=${encodeURIComponent(pending.returnTo)}`;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await refused(err.code, email || null);
    return failure(err.code, err.message);
  }
}

const refuseStatus = (status: string) => {
  if (status === 'pending') throw forbidden(MSG.awaitingApproval, 'ACCOUNT_PENDING');
  if (status === 'disabled') throw forbidden(MSG.accountDisabled, 'ACCOUNT_DISABLED');
};

function nameFrom(claims: Record<string, unknown>, email: string): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const name = text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || email.slice(0, email.indexOf('@'));
  return name.slice(0, NAME_MAX);
}

/**
 * The account of a provider sign-in: the one its subject is bound to; else the account with the
 * same verified email, linked now (once: an account linked to another subject of this provider is
 * refused); else a new one (roles from the mapping, approval and registration rules as at sign-up).
 * Throws an AppError for a refusal.
 */
async function accountFor(ctx: AppContext, provider: ProviderDefinition, subject: string, email: string, claims: Record<string, unknown>, meta: RequestMeta) {
  if (!email) throw badRequest(MSG.oidcEmailMissing, 'OIDC_EMAIL_MISSING');
  if (claims.email_verified !== true) throw forbidden(MSG.oidcEmailUnverified, 'OIDC_EMAIL_UNVERIFIED');
  const domain = emailDomainOf(email);
  if (provider.allowedDomains.length > 0 && !provider.allowedDomains.includes(domain)) throw forbidden(MSG.oidcDomainRefused(domain), 'OIDC_DOMAIN_REFUSED');

  const bound = await repo.findIdentity(ctx.db, provider.id, subject);
  if (bound) {
    const account = await users.findUser(ctx, bound.userId);
    if (!account) throw forbidden(MSG.oidcSignInFailed, 'OIDC_ACCOUNT_GONE');
    refuseStatus(account.status);
    return { account, identityId: bound.id };
  }

  const existing = await users.findCredentials(ctx, email);
  if (existing) {
    const { passwordHash: _omit, ...account } = existing;
    refuseStatus(account.status);
    if ((await repo.identitiesOf(ctx.db, account.id)).some((i) => i.providerId === provider.id)) throw conflict(MSG.oidcAccountLinkedElsewhere, 'OIDC_ACCOUNT_LINKED');
    const identity = await ctx.db.transaction(async (tx) => {
      const made = await repo.insertIdentity(tx, { providerId: provider.id, subject, userId: account.id, email });
      if (!made) throw conflict(MSG.oidcSubjectBound, 'OIDC_SUBJECT_BOUND');
      await audit.record(ctx, { user: account, ip: meta.ip }, { action: 'identity.linked', target: { type: 'user', id: account.id, label: account.email }, details: { provider: provider.id, subject } }, tx);
      return made;
    });
    return { account, identityId: identity.id };
  }

  const [role] = rolesFromClaims(provider, claims);
  const refusal = await settings.studentRegistrationRefusal(ctx, email);
  if (refusal && role === 'Student') throw forbidden(refusal.message, refusal.code);
  const status = APPROVAL_ROLES.includes(role!) && (provider.approvalForStaff || refusal) ? 'pending' : 'active';
  const made = await ctx.db.transaction(async (tx) => {
    const account = await users.insertUser(ctx, { name: nameFrom(claims, email), email, roles: [role!], status, passwordHash: NO_PASSWORD }, tx);
    const identity = await repo.insertIdentity(tx, { providerId: provider.id, subject, userId: account.id, email });
    if (!identity) throw conflict(MSG.oidcSubjectBound, 'OIDC_SUBJECT_BOUND');
    await audit.record(
      ctx,
      { user: account, ip: meta.ip },
      { action: 'user.created', target: { type: 'user', id: account.id, label: account.email }, details: { provider: provider.id, subject, roles: account.roles, status } },
      tx,
    );
    return { account, identityId: identity.id };
  });
  refuseStatus(made.account.status);
  return made;
}

/**
 * Ends a provider sign-in: takes the one-time code (once, within 60 s) and signs in through
 * auth.completeSignIn, where the second factor applies. 400 for a used, expired or unknown code.
 */
export async function exchange(ctx: AppContext, code: string, meta: RequestMeta) {
  const row = await repo.takeExchangeCode(ctx.db, sha256(code));
  if (!row) throw badRequest(MSG.oidcCodeInvalid, 'OIDC_CODE_INVALID');
  const account = await users.findUser(ctx, row.userId);
  if (!account) throw badRequest(MSG.oidcCodeInvalid, 'OIDC_CODE_INVALID');
  refuseStatus(account.status);
  return auth.completeSignIn(ctx, account, meta, { method: { provider: row.providerId }, mfaSatisfied: row.mfaSatisfied });
}

// ---------------------------------------------------------------------------------------------
// Providers in Settings (SuperAdmin)
// ---------------------------------------------------------------------------------------------

function present(ctx: AppContext, p: ProviderDefinition): OidcProvider {
  const { clientSecret, createdAt, updatedAt, ...rest } = p;
  return { ...rest, clientSecretSet: clientSecret !== '', redirectUri: redirectUriOf(ctx, p.id), createdAt: createdAt?.toISOString() ?? null, updatedAt: updatedAt?.toISOString() ?? null };
}

export const listProviders = async (ctx: AppContext): Promise<OidcProvider[]> => (await allProviders(ctx)).map((p) => present(ctx, p));

/** 400 unless the issuer is https (or loopback http) and its discovery document answers for it. */
async function checkIssuer(issuer: string, clientId: string, clientSecret: string): Promise<void> {
  if (!issuerAllowed(issuer)) throw badRequest(MSG.oidcIssuerHttps, 'OIDC_ISSUER_HTTPS', [{ path: 'issuer', message: MSG.oidcIssuerHttps }]);
  try {
    await discover(issuer, clientId, clientSecret);
  } catch {
    throw badRequest(MSG.oidcIssuerUnreachable, 'OIDC_ISSUER_UNREACHABLE', [{ path: 'issuer', message: MSG.oidcIssuerUnreachable }]);
  }
}

/** What the audit log may say about a provider: everything but the secret. */
const auditable = (p: Omit<ProviderDefinition, 'clientSecret'> | OidcProviderInput) => {
  const { clientSecret: _secret, ...rest } = p as OidcProviderInput;
  return rest;
};
const AUDITED_FIELDS = ['label', 'issuer', 'clientId', 'enabled', 'allowedDomains', 'roleClaim', 'roleMapping', 'defaultRole', 'approvalForStaff', 'amrCountsAsMfa', 'requiredForRoles', 'requiredForDomains'] as const;

/** Adds a provider (its issuer discovered first); 409 for a taken id (`default` is the environment's). */
export async function createProvider(ctx: AppContext, p: Principal, input: OidcProviderInput): Promise<OidcProvider> {
  if (input.id === ENV_PROVIDER_ID) throw conflict(MSG.oidcProviderIdTaken, 'OIDC_PROVIDER_ID_TAKEN');
  await checkIssuer(input.issuer, input.clientId, input.clientSecret);
  const { clientSecret, ...fields } = input;
  const row = await ctx.db.transaction(async (tx) => {
    const made = await repo.insertProvider(tx, { ...fields, clientSecretSealed: seal(ctx.config.jwtSecret, SECRET_PURPOSE, clientSecret) });
    if (!made) throw conflict(MSG.oidcProviderIdTaken, 'OIDC_PROVIDER_ID_TAKEN');
    await audit.record(ctx, p, { action: 'oidc_provider.created', target: providerTarget(made), details: auditable(input) }, tx);
    return made;
  });
  await providersChanged(ctx);
  return present(ctx, { ...row, roleMapping: [...row.roleMapping], clientSecret, source: 'settings' });
}

async function storedProvider(ctx: AppContext, id: string): Promise<ProviderDefinition> {
  const found = (await allProviders(ctx)).find((x) => x.id === id);
  if (!found) throw notFound(MSG.oidcProviderNotFound, 'OIDC_PROVIDER_NOT_FOUND');
  if (found.source === 'environment') throw conflict(MSG.oidcProviderFromEnvironment, 'OIDC_PROVIDER_FROM_ENVIRONMENT');
  return found;
}

/** Changes a provider from Settings (the secret only when given); a new issuer, client or secret is discovered first. */
export async function updateProvider(ctx: AppContext, p: Principal, id: string, patch: OidcProviderPatch): Promise<OidcProvider> {
  const before = await storedProvider(ctx, id);
  const after: ProviderDefinition = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
  if (after.issuer !== before.issuer || after.clientId !== before.clientId || patch.clientSecret !== undefined) await checkIssuer(after.issuer, after.clientId, after.clientSecret);
  const { clientSecret, ...fields } = patch;
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await repo.updateProvider(tx, id, {
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...(clientSecret === undefined ? {} : { clientSecretSealed: seal(ctx.config.jwtSecret, SECRET_PURPOSE, clientSecret) }),
    });
    if (!saved) throw notFound(MSG.oidcProviderNotFound, 'OIDC_PROVIDER_NOT_FOUND');
    await audit.record(ctx, p, { action: 'oidc_provider.updated', target: providerTarget(saved), changes: audit.changesOf(before, after, AUDITED_FIELDS), details: { clientSecretChanged: clientSecret !== undefined } }, tx);
    return saved;
  });
  await providersChanged(ctx);
  return present(ctx, { ...after, createdAt: row.createdAt, updatedAt: row.updatedAt });
}

/** Removes a provider from Settings. Its identities stay bound: re-adding the id restores their sign-in. */
export async function deleteProvider(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const before = await storedProvider(ctx, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteProvider(tx, id))) throw notFound(MSG.oidcProviderNotFound, 'OIDC_PROVIDER_NOT_FOUND');
    await audit.record(ctx, p, { action: 'oidc_provider.deleted', target: providerTarget(before), details: auditable(before) }, tx);
  });
  await providersChanged(ctx);
}

// ---------------------------------------------------------------------------------------------
// Linked identities (the Account page)
// ---------------------------------------------------------------------------------------------

const hasPassword = async (ctx: AppContext, email: string) => ((await users.findCredentials(ctx, email))?.passwordHash ?? NO_PASSWORD) !== NO_PASSWORD;

/** The signed-in user's linked provider accounts, and whether they have a password. */
export async function identities(ctx: AppContext, p: Principal): Promise<{ identities: LinkedIdentity[]; hasPassword: boolean }> {
  const labels = new Map((await allProviders(ctx)).map((x) => [x.id, x.label]));
  const rows = await repo.identitiesOf(ctx.db, p.user.id);
  return {
    identities: rows.map((r) => ({
      id: r.id,
      providerId: r.providerId,
      providerLabel: labels.get(r.providerId) ?? r.providerId,
      email: r.email,
      linkedAt: r.linkedAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    })),
    hasPassword: await hasPassword(ctx, p.user.email),
  };
}

/** Unlinks one of the user's identities; 409 when the user has no password (it may be their only way in). */
export async function unlink(ctx: AppContext, p: Principal, id: string): Promise<void> {
  if (!(await hasPassword(ctx, p.user.email))) throw conflict(MSG.identityUnlinkNeedsPassword, 'IDENTITY_UNLINK_NEEDS_PASSWORD');
  await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteIdentity(tx, id, p.user.id);
    if (!gone) throw notFound(MSG.identityNotFound, 'IDENTITY_NOT_FOUND');
    await audit.record(ctx, p, { action: 'identity.unlinked', target: { type: 'user', id: p.user.id, label: p.user.email }, details: { provider: gone.providerId, subject: gone.subject } }, tx);
  });
}

/**
 * Removes expired pending provider sign-ins and unused one-time codes (the hourly `identity.prune`
 * job): a sign-in abandoned at the provider leaves its row until then, never past its expiry's use.
 */
export const pruneExpired = (ctx: AppContext): Promise<void> => repo.deleteExpired(ctx.db);
