import { describe, expect, it } from 'vitest';
import { seal, unseal } from './crypto.ts';

const key = new TextEncoder().encode('k'.repeat(32));
const other = new TextEncoder().encode('o'.repeat(32));

describe('seal / unseal', () => {
  it('opens what it sealed, and each sealing differs (fresh nonce)', () => {
    const a = seal(key, 'oidc-client-secret', 's3cret ✓');
    const b = seal(key, 'oidc-client-secret', 's3cret ✓');
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
    expect(unseal(key, 'oidc-client-secret', a)).toBe('s3cret ✓');
  });

  it('refuses another key, another purpose, an altered or truncated value', () => {
    const sealed = seal(key, 'totp', 'JBSWY3DPEHPK3PXP');
    expect(unseal(other, 'totp', sealed)).toBeUndefined();
    expect(unseal(key, 'oidc-client-secret', sealed)).toBeUndefined();
    const [v, nonce, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(unseal(key, 'totp', [v, nonce, flipped.toString('base64url'), tag].join('.'))).toBeUndefined();
    expect(unseal(key, 'totp', [v, nonce, body, Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url')].join('.'))).toBeUndefined();
    expect(unseal(key, 'totp', `${sealed}.x`)).toBeUndefined();
    expect(unseal(key, 'totp', 'plain text')).toBeUndefined();
  });
});
