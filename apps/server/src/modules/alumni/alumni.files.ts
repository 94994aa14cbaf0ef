import { toCsv } from '@crs/shared/csv';
import type { CsvCell } from '@crs/shared/csv';
import { ALUMNI_IMPORT_COLUMNS, ALUMNI_TEMPLATE_COLUMNS, EXPERIENCE_PARTS, experienceColumnKey } from '@crs/shared/schemas/alumni';
import { xlsxOf } from '../../lib/spreadsheet.ts';
import type { AlumnusView } from './alumni.repository.ts';

// The directory's downloads: the import template and the faculty export. The export's columns are
// the import's (labels as headers), so an exported file imports again unchanged.

export { CSV_TYPE, XLSX_TYPE } from '../../lib/spreadsheet.ts';

/** GET /alumni/template.xlsx: the header row (labels) and one example row. */
export function templateXlsx(): Buffer {
  return xlsxOf([ALUMNI_TEMPLATE_COLUMNS.map((c) => c.label), ALUMNI_TEMPLATE_COLUMNS.map((c) => c.example ?? '')], 'Alumni');
}

/** The export's rows: a header of labels, then one row per alumnus, as many experience columns as the longest history needs. */
export function exportRows(list: AlumnusView[]): CsvCell[][] {
  const most = list.reduce((m, a) => Math.max(m, a.experiences.length), 0);
  const columns = ALUMNI_IMPORT_COLUMNS.filter((c) => {
    const m = /^experience(\d+)/.exec(c.key);
    return !m || Number(m[1]) <= most;
  });
  const valueOf = (a: AlumnusView, key: string): CsvCell => {
    const m = /^experience(\d+)(\w+)$/.exec(key);
    if (m) {
      const e = a.experiences[Number(m[1]) - 1];
      if (!e) return '';
      const part = EXPERIENCE_PARTS.find(([p]) => experienceColumnKey(Number(m[1]), p) === key)?.[0];
      if (part === 'CurrentlyWorking') return e.currentlyWorking ? 'yes' : 'no';
      const v = part ? e[(part[0]!.toLowerCase() + part.slice(1)) as 'company' | 'role' | 'startDate' | 'endDate' | 'description'] : null;
      return v ?? '';
    }
    if (key === 'tags') return a.tags.join(', ');
    const v = a[key as keyof AlumnusView];
    return typeof v === 'string' || typeof v === 'number' ? v : '';
  };
  return [columns.map((c) => c.label), ...list.map((a) => columns.map((c) => valueOf(a, c.key)))];
}

export const exportXlsx = (list: AlumnusView[]): Buffer => xlsxOf(exportRows(list), 'Alumni');
export const exportCsv = (list: AlumnusView[]): string => toCsv(exportRows(list));
