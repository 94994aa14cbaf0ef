import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates for itself (modules/system, decision 0048): the JWT signing secret
 * (`jwt`, also the root of the keys that seal stored secrets) when JWT_SECRET is not set. One row
 * per name, created once by whichever process comes first, so every process sharing the database
 * signs and verifies with the same value. Not part of backups: the secret belongs to the
 * installation, as the data directory's jwt-secret file did before.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
