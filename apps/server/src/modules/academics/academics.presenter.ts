import { assignmentLabel, hhmmOf } from '@crs/shared/schemas/academics';
import type { Assignment, Department, Section, SectionStudent, Subject, TimetableSlot } from '@crs/shared/schemas/academics';
import type { AssignmentRow, DepartmentRow, SectionRow, SlotRow, SubjectRow } from './academics.repository.ts';

// Rows → wire shapes: the only place academics answers are shaped.

export type PersonCard = { id: string; name: string; email: string; studentId?: string | null };
const unknownPerson = (id: string): PersonCard => ({ id, name: 'Unknown', email: '' });

export const presentDepartment = (r: DepartmentRow): Department => ({ _id: r.id, code: r.code, name: r.name, subjects: r.subjects, sections: r.sections });

export const presentSubject = (r: SubjectRow): Subject => ({
  _id: r.id,
  code: r.code,
  name: r.name,
  departmentId: r.departmentId,
  department: r.department,
  semester: r.semester,
  credits: r.credits,
});

export const presentSection = (r: SectionRow): Section => ({
  _id: r.id,
  name: r.name,
  departmentId: r.departmentId,
  department: r.department,
  semester: r.semester,
  academicYear: r.academicYear,
  students: r.students,
});

export const presentStudent = (p: PersonCard): SectionStudent => ({ _id: p.id, name: p.name, email: p.email, studentId: p.studentId ?? null });

export function presentAssignment(r: AssignmentRow, people: ReadonlyMap<string, PersonCard>): Assignment {
  const t = people.get(r.teacherId) ?? unknownPerson(r.teacherId);
  return {
    _id: r.id,
    teacherId: r.teacherId,
    teacher: { _id: t.id, name: t.name, email: t.email },
    subjectId: r.subjectId,
    subjectCode: r.subjectCode,
    subjectName: r.subjectName,
    credits: r.credits,
    sectionId: r.sectionId,
    section: r.section,
    academicYear: r.academicYear,
    label: assignmentLabel(r.subjectCode, r.section),
  };
}

export function presentSlot(r: SlotRow, people: ReadonlyMap<string, PersonCard>): TimetableSlot {
  return {
    _id: r.id,
    assignmentId: r.assignmentId,
    weekday: r.weekday,
    start: hhmmOf(r.startMin),
    end: hhmmOf(r.endMin),
    room: r.room,
    subjectCode: r.subjectCode,
    subjectName: r.subjectName,
    section: r.section,
    sectionId: r.sectionId,
    teacherId: r.teacherId,
    teacher: (people.get(r.teacherId) ?? unknownPerson(r.teacherId)).name,
    label: assignmentLabel(r.subjectCode, r.section),
  };
}
