import { MSG } from '@crs/shared/messages';
import { ABSENT_MARKERS, MARKS_IMPORT_COLUMNS } from '@crs/shared/schemas/assessment';
import type { ImportSpec } from '../../lib/import/pipeline.ts';
import type { UserCard } from '../users/users.service.ts';
import type { MarkValues } from './assessment.repository.ts';

// The marks file of one exam on the one pipeline (decision 0016): a row per student named by
// roll number (student ID) or email; marks a number 0…max with at most two decimals, or an absent
// marker (AB, A, Abs, Absent); remarks optional. The key is the student, so a student twice in
// the file is the pipeline's duplicate-row error.

const absent = new Set<string>(ABSENT_MARKERS);

/** Reads a marks cell: a number as typed or as a spreadsheet writes it ("42.50", "42,5" no). */
export function readMarks(cell: string, maxMarks: number): { ok: true; marks: number | null; absent: boolean } | { ok: false; message: string } {
  const text = cell.trim();
  if (text === '') return { ok: false, message: MSG.marksRequired };
  if (absent.has(text.toLowerCase())) return { ok: true, marks: null, absent: true };
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, message: MSG.marksNotNumber };
  const value = Number(text);
  if (value < 0) return { ok: false, message: MSG.marksNegative };
  // A spreadsheet may write 42.5 as 42.500000000000001; more than two decimals that are not noise is refused.
  const rounded = Math.round(value * 100) / 100;
  if (Math.abs(rounded - value) > 1e-9) return { ok: false, message: MSG.marksNotNumber };
  if (rounded > maxMarks) return { ok: false, message: MSG.marksAboveMax(maxMarks) };
  return { ok: true, marks: rounded, absent: false };
}

export function marksImport(exam: { maxMarks: number; section: string }, people: ReadonlyMap<string, UserCard>, roster: ReadonlySet<string>): ImportSpec<MarkValues> {
  return {
    columns: MARKS_IMPORT_COLUMNS,
    check(cells) {
      const errors: Array<{ field: string; message: string }> = [];
      const ref = cells.get('studentId') ?? '';
      const person = ref ? people.get(ref.toLowerCase()) : undefined;
      if (!ref) errors.push({ field: 'studentId', message: MSG.studentRefRequired });
      else if (!person || !person.roles.includes('Student')) errors.push({ field: 'studentId', message: MSG.unknownPerson(ref) });
      else if (!roster.has(person.id)) errors.push({ field: 'studentId', message: MSG.notInSection(ref, exam.section) });
      const marks = readMarks(cells.get('marks') ?? '', exam.maxMarks);
      if (!marks.ok) errors.push({ field: 'marks', message: marks.message });
      const remarks = (cells.get('remarks') ?? '').trim();
      if (remarks.length > 200) errors.push({ field: 'remarks', message: 'Remarks too long' });
      if (errors.length || !person || !marks.ok) return { ok: false, errors };
      return { ok: true, value: { studentId: person.id, marks: marks.marks, absent: marks.absent, remarks: remarks || null } };
    },
    key: (v) => v.studentId,
    onStored: 'update',
  };
}
