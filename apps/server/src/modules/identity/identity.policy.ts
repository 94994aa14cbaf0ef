import type { AppContext } from '../../context.ts';
import { allProviders, emailDomainOf } from './identity.providers.ts';

// The narrow interface other modules use (eslint.config.js NARROW): auth asks it before a password
// sign-in. It imports nothing of auth, so auth may import it without a cycle.

/**
 * The label of the enabled provider this account must sign in with (its role or its email's domain
 * is in the provider's requiredForRoles / requiredForDomains), or null when a password may be used.
 */
export async function providerRequiredFor(ctx: AppContext, account: { email: string; roles: readonly string[] }): Promise<string | null> {
  const domain = emailDomainOf(account.email);
  for (const p of await allProviders(ctx)) {
    if (!p.enabled) continue;
    if (p.requiredForRoles.some((r) => account.roles.includes(r)) || p.requiredForDomains.includes(domain)) return p.label;
  }
  return null;
}

/** Each configured provider's button label by its id (the sessions page names how a session began). */
export async function providerLabels(ctx: AppContext): Promise<ReadonlyMap<string, string>> {
  return new Map((await allProviders(ctx)).map((p) => [p.id, p.label]));
}
