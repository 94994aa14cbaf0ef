import { eq, sql } from 'drizzle-orm';
import type { LibrarySettings } from '@crs/shared/schemas/library';
import type { Executor } from '../../db/client.ts';
import { librarySettings } from '../../db/schema/library.ts';
import type { LibrarySettingsRow } from '../../db/schema/library.ts';
import { paise } from './library.presenter.ts';

// The circulation rules: one row (id 1), money in paise.

export async function getSettings(db: Executor): Promise<LibrarySettingsRow> {
  const [row] = await db.select().from(librarySettings).where(eq(librarySettings.id, 1)).limit(1);
  if (!row) throw new Error('library_settings row is missing (migration 0001 creates it)');
  return row;
}

/** Replaces the rules (rupees in, paise stored) and records who changed them. */
export async function saveSettings(db: Executor, s: LibrarySettings, by: string): Promise<LibrarySettingsRow> {
  const values = {
    id: 1,
    loanPeriodDays: s.loanPeriodDays,
    finePerDayPaise: paise(s.finePerDay),
    graceDays: s.graceDays,
    maxFinePaise: paise(s.maxFinePerLoan),
    maxActiveLoans: s.maxActiveLoans,
    renewalsAllowed: s.renewalsAllowed,
    finesBlockPaise: paise(s.finesBlockAt),
    ...(s.accessionPrefix === undefined ? {} : { accessionPrefix: s.accessionPrefix }),
    ...(s.replacementCost === undefined ? {} : { replacementPaise: paise(s.replacementCost) }),
    ...(s.holdPickupDays === undefined ? {} : { holdPickupDays: s.holdPickupDays }),
    updatedBy: by,
  };
  const [row] = await db
    .insert(librarySettings)
    .values(values)
    .onConflictDoUpdate({ target: librarySettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
