import { importText, normalizeHeader } from '@crs/shared/schemas/import';
import type { ImportColumn, ImportRowError } from '@crs/shared/schemas/import';

/** Which column key each header cell maps to (null: a blank, empty column), and what was wrong. */
export type HeaderMap = { keys: Array<string | null>; errors: ImportRowError[] };

/** Headers longer than this (normalized) get no "did you mean" suggestion. */
const MEANT_MAX_CHARS = 100;

/** Edit distance, to name the column a misspelled header most likely meant. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Maps a header row onto the module's columns, case-, space-, underscore- and hyphen-insensitively,
 * key or alias. Unknown headers (with the column probably meant), duplicates and missing required
 * columns are errors on row 1 whose field is the header text as written. A Map, not an object, holds
 * the names, so a header `__proto__` or `constructor` is just an unknown column.
 */
export function mapHeaders(header: readonly string[], columns: readonly ImportColumn[], columnHasData: (index: number) => boolean): HeaderMap {
  const byName = new Map<string, ImportColumn>();
  for (const c of columns) for (const name of [c.key, c.label, ...(c.aliases ?? [])]) byName.set(normalizeHeader(name), c);
  const errors: ImportRowError[] = [];
  const seen = new Map<string, string>();
  const keys = header.map((raw, i) => {
    const text = raw.trim();
    if (text === '') {
      if (columnHasData(i)) errors.push({ row: 1, field: '', message: importText.blankHeader(i + 1) });
      return null;
    }
    const column = byName.get(normalizeHeader(text));
    if (!column) {
      const norm = normalizeHeader(text);
      let meant: ImportColumn | undefined;
      let best = Math.max(2, Math.floor(norm.length / 3)) + 1;
      // No column name is near a header of hundreds of characters; the distance would cost its square.
      if (norm.length <= MEANT_MAX_CHARS) for (const [name, c] of byName) {
        const d = distance(norm, name);
        if (d < best) [best, meant] = [d, c];
      }
      errors.push({ row: 1, field: text, message: importText.unknownColumn(text, meant?.label) });
      return null;
    }
    const earlier = seen.get(column.key);
    if (earlier !== undefined) {
      errors.push({ row: 1, field: text, message: importText.duplicateColumn(text, earlier) });
      return null;
    }
    seen.set(column.key, text);
    return column.key;
  });
  for (const c of columns) if (c.required && !seen.has(c.key)) errors.push({ row: 1, field: c.key, message: importText.missingColumn(c.label) });
  return { keys, errors };
}
