import type { z } from 'zod';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { bookListResponse, bookResponse, finesResponse, fineActionBody, libraryStatsSchema, librarySettingsResponse, librarySummarySchema, listLoansQuery, loanListResponse, loanResponse, memberSchema, membersResponse } from '@crs/shared/schemas/library';

// Types only, inferred from the shared schemas the server validates against: the schemas stay out
// of the bundle unless a form imports them for validation.
export type { Book, Loan, LoanFilter, LoanStatus, LibrarySettings, CreateBookInput, UpdateBookInput, SearchBooksQuery } from '@crs/shared/schemas/library';
export type { MessageBody };
export type BookList = z.infer<typeof bookListResponse>;
export type BookResponse = z.infer<typeof bookResponse>;
export type LoanList = z.infer<typeof loanListResponse>;
export type LoanResponse = z.infer<typeof loanResponse>;
/** Loan list filters; the server fills in the paging defaults. */
export type LoansQuery = Partial<z.input<typeof listLoansQuery>>;
export type FineAction = z.infer<typeof fineActionBody>['action'];
export type Fines = z.infer<typeof finesResponse>;
export type LibraryStats = z.infer<typeof libraryStatsSchema>;
export type LibrarySummary = z.infer<typeof librarySummarySchema>;
export type LibrarySettingsView = z.infer<typeof librarySettingsResponse>;
export type Member = z.infer<typeof memberSchema>;
export type MemberList = z.infer<typeof membersResponse>;
