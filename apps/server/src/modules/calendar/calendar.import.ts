import { MSG } from '@crs/shared/messages';
import { createCalendarEventBody, HOLIDAY_IMPORT_COLUMNS } from '@crs/shared/schemas/calendar';
import type { CreateCalendarEventBody } from '@crs/shared/schemas/calendar';
import { checkWithSchema } from '../../lib/import/pipeline.ts';
import type { ImportSpec } from '../../lib/import/pipeline.ts';

// The holiday import on the one pipeline (decision 0016): one holiday a row, checked by the same
// schema as POST /calendar/events; departments by code and sections by name are resolved from maps
// loaded before the rows are read. The natural key is the first day and the title (any case).

/** A date as typed in India (15-08-2026, 15/08/2026, 15.08.2026) as ISO; anything else as it is. */
export function isoDate(cell: string): string {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(cell.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : cell.trim();
}

const FIELD_OF: Record<string, string> = { startDate: 'date', departmentId: 'department', sectionId: 'section' };

export const holidayKey = (v: CreateCalendarEventBody) => `${v.startDate}|${v.title.toLowerCase()}`;

/** `departments`: id by upper-case code; `sections`: id by lower-case name (the newest year's section of that name). */
export function holidayImport(departments: ReadonlyMap<string, string>, sections: ReadonlyMap<string, string>): ImportSpec<CreateCalendarEventBody> {
  return {
    columns: HOLIDAY_IMPORT_COLUMNS,
    check(cells) {
      const cell = (k: string) => (cells.get(k) ?? '').trim();
      const dept = cell('department');
      const section = cell('section');
      const departmentId = dept ? departments.get(dept.toUpperCase()) : undefined;
      const sectionId = section ? sections.get(section.toLowerCase()) : undefined;
      if (section && !sectionId) return { ok: false, errors: [{ field: 'section', message: MSG.calendarImportSectionUnknown }] };
      if (!section && dept && !departmentId) return { ok: false, errors: [{ field: 'department', message: MSG.calendarImportDepartmentUnknown }] };
      const scope = sectionId ? 'section' : departmentId ? 'department' : 'college';
      return checkWithSchema(
        createCalendarEventBody,
        {
          kind: 'holiday',
          title: cell('title'),
          startDate: isoDate(cell('date')),
          ...(cell('endDate') && { endDate: isoDate(cell('endDate')) }),
          scope,
          ...(scope === 'section' && { sectionId }),
          ...(scope === 'department' && { departmentId }),
        },
        (p) => FIELD_OF[p] ?? p,
      );
    },
    key: holidayKey,
  };
}
