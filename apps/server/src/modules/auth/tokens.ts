// Replaces jose's jwtVerify for access tokens (decision 0018: the signature and JSON checks were
// ~40 % of a hot authenticated read's CPU). Same checks, done synchronously with a key made once:
// HS256 only, no `crit`, exp/nbf/iat. tokens.test.ts holds it to jose's verdict on every adversarial
// case and to the RFC 7515 / RFC 7519 examples; signing stays with jose.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Role } from '@crs/shared/roles';
import { UUID } from '../../lib/patterns.ts';

// Ids go straight into uuid columns: anything else would be a database error (a 500), not a 401.
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export type AccessClaims = { sub: string; sid: string; roles: Role[]; ver: number };

/** Signs an access token valid for `ttlSeconds` (HS256, typ "access"; Settings' access lifetime). */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sid, roles: claims.roles, ver: claims.ver, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

// The HMAC key of each secret, made once: jose imported it into WebCrypto on every request (a
// quarter of a hot request's CPU, decision 0018).
const keys = new WeakMap<Uint8Array, KeyObject>();
function hmacKey(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret)));
  return key;
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** A base64url part decoded as JSON: a plain object, or undefined for anything else. */
function jsonPart(part: string): Record<string, unknown> | undefined {
  if (!B64URL.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(part, 'base64url')));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** How far in the future `iat` may be (clocks of several processes differ a little). */
const IAT_SKEW_SECONDS = 60;

/** What a verified token showed: its claims (frozen, shared by every request with it) and times. */
type Verified = { claims: Readonly<AccessClaims>; exp: number; nbf: number | undefined; iat: number | undefined };

/**
 * Tokens that passed every check, per secret, by their exact text (decision 0018): a client sends
 * the same access token for up to 15 minutes, and the signature and JSON checks gave ~40 % of the
 * server's CPU on a hot authenticated read. Only a byte-identical token is found here, so it passed
 * the same signature check; the time checks run again on every use. Bounded; the oldest leaves first.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified>>();
const MAX_VERIFIED_TOKENS = 10_000;

const timesHold = (v: Readonly<Record<string, unknown>>, now: number) =>
  typeof v.exp === 'number' &&
  v.exp > now &&
  (v.nbf === undefined || (typeof v.nbf === 'number' && v.nbf <= now)) &&
  (v.iat === undefined || (typeof v.iat === 'number' && v.iat <= now + IAT_SKEW_SECONDS));

/**
 * Verifies signature (HS256 only: alg "none" and every other algorithm are refused, and so is any
 * `crit` header), expiry (`exp` required), `nbf` and `iat`, and that this is an access token.
 * Returns undefined for anything else. The checks are jose's `jwtVerify` with
 * `algorithms: ['HS256'], requiredClaims: ['exp']`, done synchronously with a key made once; a
 * token seen before skips to the time checks.
 */
export function verifyAccessToken(secret: Uint8Array, token: string): AccessClaims | undefined {
  const now = Math.floor(Date.now() / 1000);
  let seen = verifiedTokens.get(secret);
  const hit = seen?.get(token);
  if (hit) {
    if (timesHold(hit, now)) return hit.claims;
    if (hit.exp <= now) seen!.delete(token);
    return undefined;
  }
  const verified = verifyFully(secret, token, now);
  if (!verified) return undefined;
  if (!seen) verifiedTokens.set(secret, (seen = new Map()));
  if (seen.size >= MAX_VERIFIED_TOKENS) seen.delete(seen.keys().next().value!);
  seen.set(token, verified);
  return verified.claims;
}

/**
 * The JWS layer alone (RFC 7515, compact serialization): the payload of a token whose header asks
 * for HS256 and marks nothing critical and whose signature is the canonical HMAC-SHA256 of its first
 * two parts under `secret`; undefined for anything else. No claim is checked here.
 */
export function verifyHs256(secret: Uint8Array, token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [h, p, s] = parts as [string, string, string];
  const header = jsonPart(h);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return undefined;
  // Compare with the canonical encoding of the expected MAC, so no other spelling of it passes.
  const expected = Buffer.from(createHmac('sha256', hmacKey(secret)).update(`${h}.${p}`).digest('base64url'));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return jsonPart(p);
}

function verifyFully(secret: Uint8Array, token: string, now: number): Verified | undefined {
  const payload = verifyHs256(secret, token);
  if (!payload) return undefined;
  if (!timesHold(payload, now)) return undefined;
  if (payload.typ !== 'access' || !isUuid(payload.sub) || !isUuid(payload.sid)) return undefined;
  if (!Array.isArray(payload.roles) || typeof payload.ver !== 'number') return undefined;
  const claims = Object.freeze({ sub: payload.sub, sid: payload.sid, roles: Object.freeze([...payload.roles]) as Role[], ver: payload.ver });
  return { claims, exp: payload.exp as number, nbf: payload.nbf as number | undefined, iat: payload.iat as number | undefined };
}
