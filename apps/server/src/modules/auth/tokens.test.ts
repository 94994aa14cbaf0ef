// The hand-rolled HS256 check (decision 0018) against the cases jose's jwtVerify refused: each bad
// token is refused by both, each good one accepted by both, so the rewrite loosened nothing. And the
// examples of the standards themselves: RFC 7515 appendix A.1 (= RFC 7519 section 3.1) and A.5.
import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT, compactVerify, jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { UUID } from '../../lib/patterns.ts';
import { signAccessToken, verifyAccessToken, verifyHs256 } from './tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!');
const other = new TextEncoder().encode('another-secret-of-at-least-32-bytes!');
const now = () => Math.floor(Date.now() / 1000);
const b64url = (o: unknown) => Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64url');

const claims = () => ({ sub: randomUUID(), sid: randomUUID(), roles: ['Student'], ver: 0, typ: 'access', iat: now(), exp: now() + 900 });
const sign = (payload: Record<string, unknown>, alg = 'HS256', header: Record<string, unknown> = {}, key = secret) =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT', ...header }).sign(key);
/** A token with any header and payload, HMAC-SHA256-signed with `secret` as given. */
async function forge(header: unknown, payload: unknown): Promise<string> {
  const input = `${b64url(header)}.${b64url(payload)}`;
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `${input}.${Buffer.from(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input))).toString('base64url')}`;
}
/** The verdict of the check this replaced: jose's jwtVerify with its options, then the claim checks. */
async function joseAccepts(token: string, key: Uint8Array = secret): Promise<boolean> {
  try {
    const { payload: c } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    return c.typ === 'access' && UUID.test(String(c.sub)) && UUID.test(String(c.sid)) && Array.isArray(c.roles) && typeof c.ver === 'number';
  } catch {
    return false;
  }
}

describe('verifyAccessToken', () => {
  it('accepts the tokens signAccessToken issues (the control for the refusals below)', async () => {
    const c = { sub: randomUUID(), sid: randomUUID(), roles: ['Teacher' as const], ver: 3 };
    const token = await signAccessToken(secret, c, 15 * 60);
    expect(verifyAccessToken(secret, token)).toEqual(c);
    expect(await joseAccepts(token)).toBe(true);
    // A token with nbf in the past is fine too.
    expect(verifyAccessToken(secret, await sign({ ...claims(), nbf: now() - 5 }))).toMatchObject({ ver: 0 });
  });

  it.each([
    ['alg none', async () => new UnsecuredJWT(claims()).encode()],
    ['alg none with a signature part', async () => `${b64url({ alg: 'none' })}.${b64url(claims())}.c2ln`],
    ['alg None', async () => `${b64url({ alg: 'None', typ: 'JWT' })}.${b64url(claims())}.`],
    ['alg HS512 with a valid signature', () => sign(claims(), 'HS512')],
    ['alg HS384 with a valid signature', () => sign(claims(), 'HS384')],
    ['no alg, HMAC-SHA256-signed', () => forge({ typ: 'JWT' }, claims())],
    ['alg as an array', () => forge({ alg: ['HS256'] }, claims())],
    ['another secret', () => sign(claims(), 'HS256', {}, other)],
    ['expired', () => sign({ ...claims(), iat: now() - 3600, exp: now() - 10 })],
    ['exp now', () => sign({ ...claims(), exp: now() })],
    ['missing exp', async () => sign({ ...claims(), exp: undefined })],
    ['exp as a string', () => forge({ alg: 'HS256' }, { ...claims(), exp: String(now() + 900) })],
    ['nbf in the future', () => sign({ ...claims(), nbf: now() + 60 })],
    ['nbf not a number', () => forge({ alg: 'HS256' }, { ...claims(), nbf: 'soon' })],
    ['iat not a number', () => forge({ alg: 'HS256' }, { ...claims(), iat: 'now' })],
    ['wrong typ (refresh)', () => sign({ ...claims(), typ: 'refresh' })],
    ['wrong typ (reset)', () => sign({ ...claims(), typ: 'reset' })],
    ['no typ', () => sign({ ...claims(), typ: undefined })],
    ['sid not a uuid', () => sign({ ...claims(), sid: 'x' })],
    ['ver not a number', () => sign({ ...claims(), ver: '0' })],
    ['roles not an array', () => sign({ ...claims(), roles: 'Admin' })],
    ['payload an array', () => forge({ alg: 'HS256' }, [claims()])],
    ['payload not JSON', () => forge({ alg: 'HS256' }, 'not json')],
    ['header not JSON', () => forge('not json', claims())],
    ['two parts', async () => (await sign(claims())).split('.').slice(0, 2).join('.')],
    ['four parts', async () => `${await sign(claims())}.x`],
  ])('refuses %s (as jose did)', async (_name, make) => {
    const token = await make();
    expect(verifyAccessToken(secret, token)).toBeUndefined();
    expect(await joseAccepts(token)).toBe(false);
  });

  it('refuses a tampered payload and a tampered signature', async () => {
    const token = await sign(claims());
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    for (const bad of [
      `${h}.${b64url({ ...payload, roles: ['SuperAdmin'] })}.${s}`,
      `${h}.${b64url({ ...payload, exp: (payload.exp as number) + 3600 })}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`,
      `${h}.${p}.`,
    ]) {
      expect(verifyAccessToken(secret, bad)).toBeUndefined();
      expect(await joseAccepts(bad)).toBe(false);
    }
    expect(verifyAccessToken(secret, token)).toBeDefined();
  });

  // Stricter than jose on purpose: headers we never issue, and spellings of the same bytes.
  it('refuses a crit header, an iat far in the future and a non-canonical signature', async () => {
    expect(verifyAccessToken(secret, await sign(claims(), 'HS256', { crit: ['b64'], b64: true }))).toBeUndefined();
    expect(verifyAccessToken(secret, await forge({ alg: 'HS256', crit: ['exp'] }, claims()))).toBeUndefined();
    expect(verifyAccessToken(secret, await sign({ ...claims(), iat: now() + 3600 }))).toBeUndefined();
    // A small skew between processes is tolerated.
    expect(verifyAccessToken(secret, await sign({ ...claims(), iat: now() + 5 }))).toBeDefined();
    const token = await sign(claims());
    const [h, p, s] = token.split('.') as [string, string, string];
    // 32 bytes are 43 base64url characters; the last one carries 2 unused bits that decoders ignore.
    const last = 'AEIMQUYcgkosw048'.includes(s.at(-1)!) ? String.fromCharCode(s.charCodeAt(42) + 1) : s.at(-1)!;
    const respelled = `${h}.${p}.${s.slice(0, 42)}${last}`;
    expect(respelled).not.toBe(token);
    expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(Buffer.from(s, 'base64url'));
    expect(verifyAccessToken(secret, respelled)).toBeUndefined();
    expect(verifyAccessToken(secret, `${token}=`)).toBeUndefined();
  });

  // Verified tokens are remembered by their exact text (decision 0018); the time checks still run on every use.
  it('refuses a remembered token once it expires, and under another secret', async () => {
    const token = await sign({ ...claims(), exp: now() + 2 });
    expect(verifyAccessToken(secret, token)).toBeDefined();
    expect(verifyAccessToken(secret, token)).toBeDefined(); // from memory
    expect(verifyAccessToken(other, token)).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3000);
      expect(verifyAccessToken(secret, token)).toBeUndefined();
      expect(await joseAccepts(token)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a remembered token whose nbf is still ahead or whose iat runs ahead of a clock set back', async () => {
    const early = await sign({ ...claims(), nbf: now() + 1 });
    expect(verifyAccessToken(secret, early)).toBeUndefined();
    const token = await sign(claims());
    expect(verifyAccessToken(secret, token)).toBeDefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() - 120_000);
      expect(verifyAccessToken(secret, token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(verifyAccessToken(secret, token)).toBeDefined();
  });
});

// RFC 7515 appendix A.1 "Example JWS Using HMAC SHA-256"; RFC 7519 section 3.1 shows the same JWT
// ("the same as in Appendix A.1 of JWS"). The JSON is written with CR LF and spaces on purpose: the
// signature covers the encoded octets, not a re-serialization.
const RFC_KEY = Buffer.from('AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow', 'base64url');
const RFC_HEADER = 'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9';
const RFC_PAYLOAD = 'eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ';
const RFC_SIGNATURE = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_JWT = `${RFC_HEADER}.${RFC_PAYLOAD}.${RFC_SIGNATURE}`;
const RFC_CLAIMS = { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true };
// RFC 7515 appendix A.5 "Example Unsecured JWS", RFC 7519 section 6.1 "Example Unsecured JWT".
const RFC_UNSECURED = `eyJhbGciOiJub25lIn0.${RFC_PAYLOAD}.`;

/** jose's verdict on the JWS layer alone (signature, HS256 only): the payload, or undefined. */
async function joseJws(token: string, key: Uint8Array): Promise<unknown> {
  try {
    return JSON.parse(new TextDecoder().decode((await compactVerify(token, key, { algorithms: ['HS256'] })).payload));
  } catch {
    return undefined;
  }
}

describe('the RFC examples', () => {
  it('are the octets the RFCs print', () => {
    expect(Buffer.from(RFC_HEADER, 'base64url').toString()).toBe('{"typ":"JWT",\r\n "alg":"HS256"}');
    expect(Buffer.from(RFC_PAYLOAD, 'base64url').toString()).toBe('{"iss":"joe",\r\n "exp":1300819380,\r\n "http://example.com/is_root":true}');
    expect(RFC_KEY).toHaveLength(64);
    expect(Buffer.from(RFC_UNSECURED.split('.')[0]!, 'base64url').toString()).toBe('{"alg":"none"}');
  });

  it('RFC 7515 A.1: the HS256 JWS verifies under its key, with the payload jose reads', async () => {
    expect(verifyHs256(RFC_KEY, RFC_JWT)).toEqual(RFC_CLAIMS);
    expect(await joseJws(RFC_JWT, RFC_KEY)).toEqual(RFC_CLAIMS);
  });

  it.each([
    ['under another key', RFC_JWT, secret],
    ['with one signature character changed', `${RFC_HEADER}.${RFC_PAYLOAD}.e${RFC_SIGNATURE.slice(1)}`, RFC_KEY],
    ['with its payload re-serialized (same claims, other octets)', `${RFC_HEADER}.${b64url(RFC_CLAIMS)}.${RFC_SIGNATURE}`, RFC_KEY],
    ['with its header re-serialized', `${b64url({ typ: 'JWT', alg: 'HS256' })}.${RFC_PAYLOAD}.${RFC_SIGNATURE}`, RFC_KEY],
    ['with the header asking for HS512', `${b64url({ typ: 'JWT', alg: 'HS512' })}.${RFC_PAYLOAD}.${RFC_SIGNATURE}`, RFC_KEY],
    ['without its signature', `${RFC_HEADER}.${RFC_PAYLOAD}.`, RFC_KEY],
    ['RFC 7515 A.5 / RFC 7519 6.1: unsecured (alg none)', RFC_UNSECURED, RFC_KEY],
  ])('RFC 7515 A.1 %s: refused, as jose refuses it', async (_name, token, key) => {
    expect(verifyHs256(key, token)).toBeUndefined();
    expect(await joseJws(token, key)).toBeUndefined();
  });

  it('RFC 7519 3.1: a valid JWT until its exp, and never a CRS access token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // One second before exp, jose's jwtVerify (HS256, exp required) accepts it...
      vi.setSystemTime((RFC_CLAIMS.exp - 1) * 1000);
      const { payload } = await jwtVerify(RFC_JWT, RFC_KEY, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      expect(payload).toEqual(RFC_CLAIMS);
      // ...but it has no typ "access", sub or sid: refused as an access token, as jose's check with ours refuses it.
      expect(verifyAccessToken(RFC_KEY, RFC_JWT)).toBeUndefined();
      expect(await joseAccepts(RFC_JWT, RFC_KEY)).toBe(false);
      // At exp, it is expired for jose.
      vi.setSystemTime(RFC_CLAIMS.exp * 1000);
      await expect(jwtVerify(RFC_JWT, RFC_KEY, { algorithms: ['HS256'] })).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
      // The unsecured example is refused by both at any time.
      vi.setSystemTime((RFC_CLAIMS.exp - 1) * 1000);
      expect(verifyAccessToken(RFC_KEY, RFC_UNSECURED)).toBeUndefined();
      expect(await joseAccepts(RFC_UNSECURED, RFC_KEY)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("RFC 7515 A.1's key signs and verifies a CRS access token, for ours and for jose", async () => {
    const c = { sub: randomUUID(), sid: randomUUID(), roles: ['Admin' as const], ver: 1 };
    const token = await signAccessToken(RFC_KEY, c, 60);
    expect(verifyAccessToken(RFC_KEY, token)).toEqual(c);
    expect(await joseAccepts(token, RFC_KEY)).toBe(true);
    expect(verifyAccessToken(secret, token)).toBeUndefined();
  });
});
