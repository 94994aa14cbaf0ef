import { z } from 'zod';
import { librarySettingsSchema, rupeesField } from '@crs/shared/schemas/library';
import type { LibrarySettings } from './api/types';

export type SettingsFormValues = Record<keyof LibrarySettings, string>;

const shape = librarySettingsSchema.shape;
/** A number typed in a text box, then the shared rule for that setting. */
const numberThen = <T extends z.ZodType<number, number>>(rule: T) =>
  z
    .string()
    .trim()
    .refine((v) => v !== '' && Number.isFinite(Number(v)), 'Enter a number')
    .transform(Number)
    .pipe(rule);

/** The circulation rules form: the shared settings schema behind text-to-number conversions. */
export const settingsFormSchema = z.object({
  loanPeriodDays: numberThen(shape.loanPeriodDays),
  finePerDay: numberThen(shape.finePerDay),
  graceDays: numberThen(shape.graceDays),
  maxFinePerLoan: numberThen(shape.maxFinePerLoan),
  maxActiveLoans: numberThen(shape.maxActiveLoans),
  renewalsAllowed: numberThen(shape.renewalsAllowed),
  finesBlockAt: numberThen(shape.finesBlockAt),
  replacementCost: numberThen(rupeesField),
  accessionPrefix: shape.accessionPrefix.unwrap(),
  holdPickupDays: numberThen(shape.holdPickupDays.unwrap()),
});

export function settingsFormDefaults(s: LibrarySettings): SettingsFormValues {
  return {
    loanPeriodDays: String(s.loanPeriodDays),
    finePerDay: String(s.finePerDay),
    graceDays: String(s.graceDays),
    maxFinePerLoan: String(s.maxFinePerLoan),
    maxActiveLoans: String(s.maxActiveLoans),
    renewalsAllowed: String(s.renewalsAllowed),
    finesBlockAt: String(s.finesBlockAt),
    replacementCost: String(s.replacementCost ?? ''),
    accessionPrefix: s.accessionPrefix ?? '',
    holdPickupDays: String(s.holdPickupDays ?? 3),
  };
}
