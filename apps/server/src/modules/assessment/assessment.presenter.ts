import type { Exam } from '@crs/shared/schemas/assessment';
import type { ExamRow } from './assessment.repository.ts';

/** What the academics module says about an exam's teaching assignment (academics.assignmentInfo). */
export type AssignmentInfo = { subjectCode: string; subjectName: string; section: string; label: string; rosterSize: number };

export function presentExam(r: ExamRow, c: AssignmentInfo): Exam {
  return {
    _id: r.id,
    name: r.name,
    kind: r.kind,
    maxMarks: r.maxMarks,
    weight: Number(r.weight),
    date: r.examDate,
    subjectId: r.subjectId,
    subjectCode: c.subjectCode,
    subjectName: c.subjectName,
    sectionId: r.sectionId,
    section: c.section,
    label: c.label,
    published: r.publishedAt !== null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    marked: r.marked,
    rosterSize: c.rosterSize,
  };
}

export const presentUpcoming = (r: ExamRow, c: AssignmentInfo) => ({ _id: r.id, name: r.name, kind: r.kind, date: r.examDate, subjectCode: c.subjectCode, subjectName: c.subjectName, maxMarks: r.maxMarks });
