// The hand-rolled HS256 check (decision 0018) against the cases jose's jwtVerify refused: each bad
// token is refused by both, each good one accepted by both, so the rewrite loosened nothing.
import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT, jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { UUID } from '../../lib/patterns.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

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
async function joseAccepts(token: string): Promise<boolean> {
  try {
    const { payload: c } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
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
