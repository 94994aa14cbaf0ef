import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SettingsValues } from '@crs/shared/schemas/settings';
import { files } from './files.ts';

/**
 * The institution's settings (modules/settings, decision 0033): one row (id 1). `values` holds only
 * what a SuperAdmin has saved, validated by the shared schema; a field never saved follows the
 * environment's initial value (config.ts), so an installation that never opens Settings behaves as
 * its configuration says.
 */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    values: jsonb('values').$type<Partial<SettingsValues>>().notNull().default({}),
    logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [check('settings_single_row', sql`${t.id} = 1`), check('settings_values_object', sql`jsonb_typeof(${t.values}) = 'object'`)],
);
export type SettingsRow = typeof settings.$inferSelect;
