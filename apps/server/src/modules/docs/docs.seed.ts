import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocType } from '@crs/shared/schemas/docs';

// Demo documents (issue 13 item 3): a syllabus and lecture notes per department and two college
// circulars. The PDFs in seed/ were made once by LibreOffice from the CSV files beside them
// (`soffice --headless --convert-to pdf file.csv`).

const DIR = path.join(import.meta.dirname, 'seed');

const DEPARTMENTS: Array<[code: string, name: string, notesSubject: string, notesTitle: string]> = [
  ['CSE', 'Computer Science and Engineering', 'CS301', 'Data Structures: unit-wise lecture notes'],
  ['ECE', 'Electronics and Communication Engineering', 'EC301', 'Electronic Devices and Circuits: lecture notes'],
  ['ME', 'Mechanical Engineering', 'ME301', 'Engineering Thermodynamics: lecture notes'],
  ['CE', 'Civil Engineering', 'CE301', 'Surveying: lecture notes'],
  ['EEE', 'Electrical and Electronics Engineering', 'EE301', 'Electrical Circuit Analysis: lecture notes'],
];

export type DemoDoc = { title: string; type: DocType; description: string; subjectCode?: string; filename: string; bytes: Buffer };

/** The demo documents, oldest first (the list shows the newest first). */
export function demoDocuments(): DemoDoc[] {
  const pdf = (name: string) => readFileSync(path.join(DIR, name));
  const docs: DemoDoc[] = [];
  for (const [code, name] of DEPARTMENTS) {
    docs.push({ title: `${name}: B.E. syllabus 2026-27`, type: 'syllabus', description: `Courses and credits of semesters 3 and 5, ${code}`, filename: `syllabus-${code.toLowerCase()}.pdf`, bytes: pdf(`syllabus-${code.toLowerCase()}.pdf`) });
  }
  for (const [, , subject, title] of DEPARTMENTS) {
    docs.push({ title, type: 'notes', description: `Unit outline and hours for ${subject}`, subjectCode: subject, filename: `notes-${subject.toLowerCase()}.pdf`, bytes: pdf(`notes-${subject.toLowerCase()}.pdf`) });
  }
  docs.push({ title: 'Odd semester fee payment schedule', type: 'circular', description: 'Circular ADM/2026/017: last dates for tuition, hostel and examination fees', filename: 'circular-fee-payment.pdf', bytes: pdf('circular-fee-payment.pdf') });
  docs.push({ title: 'Internal Assessment I timetable', type: 'circular', description: 'Circular ACAD/2026/041: dates and sessions for semesters 3 and 5', filename: 'circular-exam-timetable.pdf', bytes: pdf('circular-exam-timetable.pdf') });
  return docs;
}
