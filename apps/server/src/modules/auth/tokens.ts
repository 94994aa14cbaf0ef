import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@crs/shared/roles';

export const ACCESS_TTL_SECONDS = 15 * 60;

// Ids go straight into uuid columns: anything else would be a database error (a 500), not a 401.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export type AccessClaims = { sub: string; sid: string; roles: Role[]; ver: number };

/** Signs a 15-minute access token (HS256, typ "access"). */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sid, roles: claims.roles, ver: claims.ver, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
    .sign(secret);
}

/**
 * Verifies signature (HS256 only: alg "none" and every other algorithm are refused), expiry,
 * and that this is an access token. Returns undefined for anything else.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (payload.typ !== 'access' || !isUuid(payload.sub) || !isUuid(payload.sid)) return undefined;
    if (!Array.isArray(payload.roles) || typeof payload.ver !== 'number') return undefined;
    return { sub: payload.sub, sid: payload.sid, roles: payload.roles as Role[], ver: payload.ver };
  } catch {
    return undefined;
  }
}
