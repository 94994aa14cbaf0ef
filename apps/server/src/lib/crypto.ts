import { createHash, createHmac, randomBytes } from 'node:crypto';
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
