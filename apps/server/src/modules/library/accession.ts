import { sql } from 'drizzle-orm';
import { librarySettings } from '../../db/schema/library.ts';

/**
 * The next accession number, in SQL: the college's prefix (library_settings), '-', and the running
 * number (library_accession_seq) in at least 6 digits: SVCE-000123 (decision 0051).
 */
// Zeros in front, then as many stripped as leave six digits or more: lpad would cut a longer number
// to six (the millionth copy numbered like the 100,000th), and nextval is read once per row.
export const NEXT_ACCESSION = sql<string>`(select ${librarySettings.accessionPrefix} from ${librarySettings} where ${librarySettings.id} = 1) || '-' || regexp_replace('00000' || nextval('library_accession_seq')::text, '^0*([0-9]{6,})$', '\\1')`;
