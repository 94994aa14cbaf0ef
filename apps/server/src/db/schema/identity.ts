import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@crs/shared/roles';
import { users } from './users.ts';

/**
 * OpenID Connect providers a SuperAdmin configured in Settings (issue 28, decision 0046). The one
 * from OIDC_* variables (`default`) is not stored. The client secret is sealed (lib/crypto `seal`,
 * purpose 'oidc-client-secret'), never kept in clear.
 */
export const oidcProviders = pgTable('oidc_providers', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  allowedDomains: text('allowed_domains').array().notNull().default([]),
  roleClaim: text('role_claim'),
  roleMapping: jsonb('role_mapping').$type<Array<{ value: string; role: Role }>>().notNull().default([]),
  defaultRole: text('default_role').$type<Role>().notNull(),
  approvalForStaff: boolean('approval_for_staff').notNull().default(true),
  amrCountsAsMfa: boolean('amr_counts_as_mfa').notNull().default(false),
  requiredForRoles: text('required_for_roles').array().$type<Role[]>().notNull().default([]),
  requiredForDomains: text('required_for_domains').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type OidcProviderRow = typeof oidcProviders.$inferSelect;

/**
 * A provider's subject bound to a CRS account. Unique per (provider, subject): once made, the link
 * follows the subject, never the email (an email changed at the provider does not move it).
 * `provider_id` has no foreign key: the environment's provider `default` has no row.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: text('provider_id').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider gave when the link was made. */
    email: text('email'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_key').on(t.providerId, t.subject), index('user_identities_user_idx').on(t.userId)],
);
export type UserIdentityRow = typeof userIdentities.$inferSelect;

/**
 * A sign-in sent to a provider and not back yet: kept in the database so the callback may reach
 * any server process. `state_hash` is the SHA-256 of the `state` sent; a row is used once.
 */
export const oidcPendingLogins = pgTable(
  'oidc_pending_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    providerId: text('provider_id').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_pending_logins_expires_idx').on(t.expiresAt)],
);

/**
 * The one-time code of `/login/callback#code=…` (stored as its SHA-256, valid 60 s, used once):
 * the web client exchanges it for the session, so no token ever appears in a URL.
 */
export const oidcExchangeCodes = pgTable(
  'oidc_exchange_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    mfaSatisfied: boolean('mfa_satisfied').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_exchange_codes_expires_idx').on(t.expiresAt)],
);
