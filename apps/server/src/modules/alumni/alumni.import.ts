import { MSG } from '@crs/shared/messages';
import { ALUMNI_IMPORT_COLUMNS, ALUMNI_IMPORT_EXPERIENCES, createAlumnusSchema, EXPERIENCE_PARTS, experienceColumnKey } from '@crs/shared/schemas/alumni';
import type { CreateAlumnusInput } from '@crs/shared/schemas/alumni';
import type { ImportSpec } from '../../lib/import/pipeline.ts';

/** One checked import row: the alumnus, and which lists and visibility the file left blank (an update keeps those). */
export type AlumnusImportRow = { input: CreateAlumnusInput; keepTags: boolean; keepExperiences: boolean; keepVisibility: boolean };

const FIELD_KEYS = ALUMNI_IMPORT_COLUMNS.map((c) => c.key).filter((k) => !k.startsWith('experience'));
const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);
// Experience N's columns and fields, worked out once: a row looks up all 30 × 6 of them.
const EXPERIENCE_COLUMNS = Array.from({ length: ALUMNI_IMPORT_EXPERIENCES }, (_, i) =>
  EXPERIENCE_PARTS.map(([part]) => ({ column: experienceColumnKey(i + 1, part), field: lowerFirst(part), date: part.endsWith('Date') })),
);

let anonymous = 0;

/** A date cell as typed in India (31-07-2019, 31/07/2019) as the ISO date the schema reads; anything else as it is. */
export function isoFromCell(cell: string): string {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(cell.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : cell;
}

/**
 * The natural key: the email, else the enrollment number (any case). A row with neither is always
 * a new alumnus (a key of its own), so re-importing it adds it again (decision 0021).
 */
export function alumnusKey(r: AlumnusImportRow): string {
  if (r.input.email) return `e:${r.input.email}`;
  if (r.input.enrollmentNo) return `n:${r.input.enrollmentNo.toLowerCase()}`;
  return `new:${++anonymous}`;
}

/**
 * The alumni import on the one pipeline: the columns of ALUMNI_IMPORT_COLUMNS (field names or
 * labels), experiences as experienceNCompany ... experienceNDescription, each row checked by
 * createAlumnusSchema (the form's schema). A row whose email (else enrollment number) is stored
 * updates that alumnus: its non-blank cells replace the stored values, blank cells keep them.
 */
export const alumnusImport: ImportSpec<AlumnusImportRow> = {
  columns: ALUMNI_IMPORT_COLUMNS,
  onStored: 'update',
  check(cells) {
    const given = (key: string) => {
      const v = cells.get(key);
      return v === undefined || v === '' ? undefined : v;
    };
    const input: Record<string, unknown> = {};
    for (const k of FIELD_KEYS) {
      const v = given(k);
      if (v !== undefined) input[k] = v;
    }
    // Experience N is read when any of its cells has text; its number is kept to name bad cells.
    const numbers: number[] = [];
    const experiences: Array<Record<string, string>> = [];
    for (let n = 1; n <= ALUMNI_IMPORT_EXPERIENCES; n++) {
      const e: Record<string, string> = {};
      for (const { column, field, date } of EXPERIENCE_COLUMNS[n - 1]!) {
        const v = given(column);
        if (v !== undefined) e[field] = date ? isoFromCell(v) : v;
      }
      if (Object.keys(e).length) {
        numbers.push(n);
        experiences.push(e);
      }
    }
    input.experiences = experiences;
    const r = createAlumnusSchema.safeParse(input);
    if (r.success) {
      return {
        ok: true,
        value: { input: r.data, keepTags: input.tags === undefined, keepExperiences: experiences.length === 0, keepVisibility: input.visibility === undefined },
      };
    }
    const errors: Array<{ field: string | null; message: string }> = [];
    const seen = new Set<string>();
    for (const issue of r.error.issues) {
      const [top, index, part] = issue.path;
      let field: string | null = top === undefined ? null : String(top);
      if (top === 'experiences' && typeof index === 'number' && typeof part === 'string') {
        field = `experience${numbers[index]}${part[0]!.toUpperCase()}${part.slice(1)}`;
      }
      if (seen.has(String(field))) continue;
      seen.add(String(field));
      // A year cell with text in it reads better as what was expected than as zod's wording.
      errors.push({ field, message: field === 'graduationYear' && issue.code === 'invalid_type' ? MSG.alumniYearInvalid : issue.message });
    }
    return { ok: false, errors };
  },
  key: alumnusKey,
};
