import * as client from 'openid-client';
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { ProviderDefinition } from './identity.providers.ts';

// The protocol, all of it through openid-client (OpenID-certified): discovery, the authorization
// request (code flow, PKCE S256, state, nonce), the code exchange and the ID token's checks
// (issuer, audience, expiry, nonce, signature against the provider's JWKS, whose rotation the
// library follows: an unknown `kid` makes it fetch the JWKS again).

/** Discovery is read again after this long (an issuer may move its endpoints or keys URL). */
export const DISCOVERY_REFRESH_MS = 60 * 60_000;
/** Seconds to wait for the provider (discovery, token endpoint, JWKS, userinfo). */
const PROVIDER_TIMEOUT_SECONDS = 10;

type Discovered = { key: string; at: number; config: Promise<client.Configuration> };
/** Per context: one entry per provider id (the key says which issuer, client and secret it was made for). */
const discovered = new WeakMap<AppContext, Map<string, Discovered>>();

const keyOf = (p: ProviderDefinition) => `${p.issuer}\n${p.clientId}\n${sha256(p.clientSecret)}`;

/** Discovers `issuer` for a client (used at sign-in, and by Settings to check an issuer before saving). */
export function discover(issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  const url = new URL(issuer);
  // The ID token's signature is checked against the JWKS even though it comes straight from the
  // token endpoint (the library skips that unless asked). http only for loopback issuers
  // (config.ts `issuerAllowed` refuses others before this is reached).
  const execute = [client.enableNonRepudiationChecks, ...(url.protocol === 'http:' ? [client.allowInsecureRequests] : [])];
  return client.discovery(url, clientId, clientSecret, client.ClientSecretBasic(clientSecret), { execute, timeout: PROVIDER_TIMEOUT_SECONDS });
}

/** The provider's configuration: discovered once, kept an hour; a failed discovery is not kept. */
export async function configurationOf(ctx: AppContext, p: ProviderDefinition): Promise<client.Configuration> {
  let byId = discovered.get(ctx);
  if (!byId) discovered.set(ctx, (byId = new Map()));
  const key = keyOf(p);
  const hit = byId.get(p.id);
  if (hit && hit.key === key && Date.now() - hit.at < DISCOVERY_REFRESH_MS) return hit.config;
  const entry: Discovered = { key, at: Date.now(), config: discover(p.issuer, p.clientId, p.clientSecret) };
  byId.set(p.id, entry);
  entry.config.catch(() => {
    if (byId.get(p.id) === entry) byId.delete(p.id);
  });
  return entry.config;
}

/** The redirect URI to register at the provider (exact; the callback uses it as is). */
export const redirectUriOf = (ctx: AppContext, providerId: string): string => `${ctx.config.publicUrl}/api/v1/auth/oidc/${providerId}/callback`;

export type AuthorizationRequest = { url: string; state: string; nonce: string; codeVerifier: string };

/** The URL sending the browser to the provider, with fresh state, nonce and PKCE verifier. */
export async function authorizationRequest(ctx: AppContext, p: ProviderDefinition): Promise<AuthorizationRequest> {
  const config = await configurationOf(ctx, p);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(ctx, p.id),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * Exchanges the callback's code and checks the ID token; answers its claims, completed from the
 * userinfo endpoint when the ID token lacks the email (or the role claim). Throws on any failure.
 */
export async function completeAuthorization(
  ctx: AppContext,
  p: ProviderDefinition,
  query: Record<string, unknown>,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<{ claims: Record<string, unknown>; subject: string }> {
  const config = await configurationOf(ctx, p);
  const current = new URL(redirectUriOf(ctx, p.id));
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string') current.searchParams.set(k, v);
  const tokens = await client.authorizationCodeGrant(config, current, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  const wanted = ['email', 'email_verified', ...(p.roleClaim ? [p.roleClaim] : [])];
  if (wanted.some((c) => claims[c] === undefined) && config.serverMetadata().userinfo_endpoint) {
    // The subject must match the ID token's (the library checks it).
    const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...info, ...claims };
  }
  return { claims, subject: idClaims.sub };
}
