// Test factories for the academics and attendance suites (not a test file itself).
import { expect } from 'vitest';
import type { Assignment, Department, Section, Subject, TimetableSlot } from '@crs/shared/schemas/academics';
import type { TestApp } from '../../../test/helper.ts';
import { createUser, login } from '../../../test/helper.ts';

export type Auth = { authorization: string };
let serial = 0;
const uniq = () => `${process.pid % 1000}${++serial}`.slice(-6);

export async function post<T>(t: TestApp, auth: Auth, url: string, payload: unknown, status = 201): Promise<T> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth, payload: payload as object });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

export async function person(t: TestApp, role: 'Teacher' | 'Student' | 'Admin', name = `${role} ${uniq()}`) {
  const user = await createUser(t.ctx, { roles: [role], name });
  const { token } = await login(t.app, user.email, user.password);
  return { user, auth: { authorization: `Bearer ${token}` } as Auth };
}

/** A department, a subject, a section with `students` students and an assignment to `teacherId`. */
export async function assignmentFixture(t: TestApp, admin: Auth, teacherId: string, students: number) {
  const n = uniq();
  const { department } = await post<{ department: Department }>(t, admin, '/academics/departments', { code: `D${n}`, name: `Department ${n}` });
  const { subject } = await post<{ subject: Subject }>(t, admin, '/academics/subjects', { code: `S${n}`, name: `Subject ${n}`, departmentId: department._id, semester: 3, credits: 4 });
  const { section } = await post<{ section: Section }>(t, admin, '/academics/sections', { name: `X${n}-3A`, departmentId: department._id, semester: 3, academicYear: '2026-27' });
  const people = [];
  for (let i = 0; i < students; i++) people.push(await person(t, 'Student', `Student ${n}-${i}`));
  if (students) await post(t, admin, `/academics/sections/${section._id}/students`, { studentIds: people.map((p) => p.user.id) }, 200);
  const { assignment } = await post<{ assignment: Assignment }>(t, admin, '/academics/assignments', { teacherId, subjectId: subject._id, sectionId: section._id });
  return { department, subject, section, assignment, students: people };
}

export const addSlot = (t: TestApp, admin: Auth, body: Record<string, unknown>, status = 201) =>
  post<{ slot: TimetableSlot }>(t, admin, '/academics/timetable', body, status);
