import type { z } from 'zod';
import type { importErrorSchema } from '@crs/shared/schemas/import';
import type {
  libraryStatsSchema,
  librarySettingsResponse,
  librarySummarySchema,
  memberSchema,
} from '@crs/shared/schemas/library';

// Types only: the shared schemas stay out of the bundle unless a form imports them for validation.
export type { Book, Loan, LoanFilter, LoanStatus, LibrarySettings, CreateBookInput, UpdateBookInput } from '@crs/shared/schemas/library';
export type LibraryStats = z.infer<typeof libraryStatsSchema>;
export type LibrarySummary = z.infer<typeof librarySummarySchema>;
export type LibrarySettingsView = z.infer<typeof librarySettingsResponse>;
export type Member = z.infer<typeof memberSchema>;
export type ImportError = z.infer<typeof importErrorSchema>;
