import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/**
 * A token derived from `value` under `secret` (HMAC-SHA256, 256 bits, URL-safe): the same inputs
 * always give the same token, and without the secret it cannot be computed from `value`.
 */
export const deriveToken = (secret: Uint8Array, label: string, value: string): string =>
  createHmac('sha256', secret).update(`${label}:${value}`).digest('base64url');

/** Tokens are stored only as their SHA-256. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

// argon2id with OWASP's parameters (m=19456 KiB, t=2, p=1); the library's defaults, pinned here.
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/** Hashes a password as given: never trimmed or rewritten. Salted, so equal passwords differ. */
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the email is unknown, so timing does not tell.
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomToken()));

/**
 * Secrets CRS must read back (an OpenID provider's client secret, a user's TOTP key) are kept
 * sealed at rest (issue 28): AES-256-GCM under a key derived from the server secret for one
 * `purpose`, a fresh 96-bit nonce each time, the purpose bound as associated data so a value sealed
 * for one use cannot be opened as another. Text form: `v1.<nonce>.<ciphertext>.<tag>` (base64url).
 */
const sealKey = (serverSecret: Uint8Array, purpose: string): Buffer =>
  createHmac('sha256', serverSecret).update(`seal:${purpose}`).digest();

export function seal(serverSecret: Uint8Array, purpose: string, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret, purpose), nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', nonce, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext of `sealed`, or undefined when it was not sealed by this server for `purpose` (or was altered). */
export function unseal(serverSecret: Uint8Array, purpose: string, sealed: string): string | undefined {
  const [version, nonce, body, tag, extra] = sealed.split('.');
  if (version !== 'v1' || nonce === undefined || body === undefined || tag === undefined || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret, purpose), Buffer.from(nonce, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
