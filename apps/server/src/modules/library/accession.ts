import { sql } from 'drizzle-orm';
import { librarySettings } from '../../db/schema/library.ts';

/**
 * The next accession number, in SQL: the college's prefix (library_settings), '-', and the running
 * number (library_accession_seq) in at least 6 digits: SVCE-000123 (decision 0051).
 */
export const NEXT_ACCESSION = sql<string>`(select ${librarySettings.accessionPrefix} from ${librarySettings} where ${librarySettings.id} = 1) || '-' || lpad(nextval('library_accession_seq')::text, 6, '0')`;
