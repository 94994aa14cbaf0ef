import { importUploader } from '@/components/import/upload';
import { alumniKeys } from './keys';

/**
 * POST /alumni/upload/excel (faculty): a .xlsx, .xls or .csv file. With dryRun the server checks
 * every row and writes nothing; without, all rows or none (422). Rows whose email (else enrollment
 * number) is stored update that alumnus.
 */
export const importAlumni = importUploader('/alumni/upload/excel');

/** What an alumni import changes: every list and profile. */
export const ALUMNI_IMPORT_INVALIDATES = [alumniKeys.all] as const;
