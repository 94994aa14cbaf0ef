import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oidcExchangeCodes, oidcPendingLogins, oidcProviders, userIdentities } from '../../db/schema/identity.ts';
import type { OidcProviderRow } from '../../db/schema/identity.ts';

// The identity module's tables: providers from Settings, linked identities, pending logins and
// one-time exchange codes. States and codes arrive here already hashed.

export type { OidcProviderRow };
export type ProviderValues = Omit<OidcProviderRow, 'createdAt' | 'updatedAt'>;

export const listProviders = (db: Executor): Promise<OidcProviderRow[]> => db.select().from(oidcProviders).orderBy(asc(oidcProviders.label), asc(oidcProviders.id));

export async function findProvider(db: Executor, id: string): Promise<OidcProviderRow | undefined> {
  const [row] = await db.select().from(oidcProviders).where(eq(oidcProviders.id, id));
  return row;
}

/** Inserts a provider; undefined when the id is taken. */
export async function insertProvider(db: Executor, values: ProviderValues): Promise<OidcProviderRow | undefined> {
  const [row] = await db.insert(oidcProviders).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProvider(db: Executor, id: string, values: Partial<ProviderValues>): Promise<OidcProviderRow | undefined> {
  const [row] = await db
    .update(oidcProviders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(oidcProviders.id, id))
    .returning();
  return row;
}

export async function deleteProvider(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(oidcProviders).where(eq(oidcProviders.id, id)).returning({ id: oidcProviders.id });
  return rows.length > 0;
}

// Pending logins -------------------------------------------------------------------------------

export async function insertPending(db: Executor, p: { stateHash: string; providerId: string; nonce: string; codeVerifier: string; returnTo: string; minutes: number }): Promise<void> {
  await db.insert(oidcPendingLogins).values({
    stateHash: p.stateHash,
    providerId: p.providerId,
    nonce: p.nonce,
    codeVerifier: p.codeVerifier,
    returnTo: p.returnTo,
    expiresAt: sql`now() + make_interval(mins => ${p.minutes})`,
  });
}

/** Takes the pending login of `stateHash` for `providerId` (one DELETE: used once); undefined when none is live. */
export async function takePending(db: Executor, stateHash: string, providerId: string) {
  const [row] = await db
    .delete(oidcPendingLogins)
    .where(and(eq(oidcPendingLogins.stateHash, stateHash), eq(oidcPendingLogins.providerId, providerId)))
    .returning({ nonce: oidcPendingLogins.nonce, codeVerifier: oidcPendingLogins.codeVerifier, returnTo: oidcPendingLogins.returnTo, live: sql<boolean>`${oidcPendingLogins.expiresAt} > now()` });
  return row?.live ? row : undefined;
}

// Exchange codes ------------------------------------------------------------------------------

export async function insertExchangeCode(db: Executor, c: { codeHash: string; userId: string; providerId: string; mfaSatisfied: boolean; seconds: number }): Promise<void> {
  await db.insert(oidcExchangeCodes).values({
    codeHash: c.codeHash,
    userId: c.userId,
    providerId: c.providerId,
    mfaSatisfied: c.mfaSatisfied,
    expiresAt: sql`now() + make_interval(secs => ${c.seconds})`,
  });
}

/** Takes a live exchange code (one DELETE: a second use finds nothing). */
export async function takeExchangeCode(db: Executor, codeHash: string) {
  const [row] = await db
    .delete(oidcExchangeCodes)
    .where(eq(oidcExchangeCodes.codeHash, codeHash))
    .returning({ userId: oidcExchangeCodes.userId, providerId: oidcExchangeCodes.providerId, mfaSatisfied: oidcExchangeCodes.mfaSatisfied, live: sql<boolean>`${oidcExchangeCodes.expiresAt} > now()` });
  return row?.live ? row : undefined;
}

/** Deletes pending logins and exchange codes past their time. */
export async function deleteExpired(db: Executor): Promise<void> {
  await db.delete(oidcPendingLogins).where(lt(oidcPendingLogins.expiresAt, sql`now()`));
  await db.delete(oidcExchangeCodes).where(lt(oidcExchangeCodes.expiresAt, sql`now()`));
}

// Identities ---------------------------------------------------------------------------------

export async function findIdentity(db: Executor, providerId: string, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.providerId, providerId), eq(userIdentities.subject, subject)));
  return row;
}

/** Links a subject to a user; undefined when the subject is already bound (a concurrent first sign-in). */
export async function insertIdentity(db: Executor, i: { providerId: string; subject: string; userId: string; email: string | null }) {
  const [row] = await db
    .insert(userIdentities)
    .values({ ...i, lastUsedAt: sql`now()` })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function touchIdentity(db: Executor, id: string): Promise<void> {
  await db.update(userIdentities).set({ lastUsedAt: sql`now()` }).where(eq(userIdentities.id, id));
}

export const identitiesOf = (db: Executor, userId: string) =>
  db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.linkedAt));

export async function deleteIdentity(db: Executor, id: string, userId: string) {
  const [row] = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
    .returning();
  return row;
}
