import { importUploader } from '@/components/import/upload';
import { queryKeys } from '@/lib/query-keys';

/** POST /users/import (+ ?dryRun=true): preview, row errors, all rows or none, idempotent on email. */
export const importUsers = importUploader('/users/import');

/** What a people import changes: the lists and the dashboard counters. */
export const USERS_IMPORT_INVALIDATES = [queryKeys.users, queryKeys.stats] as const;
