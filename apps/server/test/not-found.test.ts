// Every 404 names what is missing (issue 26 item 4): a specific code and its message, never the
// generic NOT_FOUND (lib/errors.ts requires the code; this file holds the calls that once left it out).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { notFound } from '../src/lib/errors.ts';
import type { Principal } from '../src/plugins/access.ts';
import * as attendance from '../src/modules/attendance/attendance.service.ts';
import * as profile from '../src/modules/users/profile.service.ts';
import * as users from '../src/modules/users/users.service.ts';
import { apiOn, createTestApp, loginAs } from './helper.ts';
import type { TestApp } from './helper.ts';
import { multipart } from './util.ts';

let t: TestApp;
let admin: Record<string, string>;
let teacher: Awaited<ReturnType<typeof loginAs>>;
const api = apiOn(() => t.app);
const unknown = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  admin = (await loginAs(t, ['Admin'])).auth;
  teacher = await loginAs(t, ['Teacher']);
});
afterAll(() => t.close());

describe('not found', () => {
  it('the typed helper keeps the code it is given and refuses the generic one', () => {
    const err = notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
    expect({ status: err.statusCode, code: err.code, message: err.message }).toEqual({ status: 404, code: 'SECTION_NOT_FOUND', message: MSG.sectionNotFound });
    // @ts-expect-error a 404 must say what is missing: the generic code does not type-check
    expect(notFound(MSG.notFound, 'NOT_FOUND').code).toBe('NOT_FOUND');
  });

  const academics: Array<[method: 'PATCH' | 'DELETE' | 'GET' | 'POST', url: string, body: object | undefined, code: string, message: string]> = [
    ['PATCH', `/academics/departments/${unknown}`, { name: 'Nowhere' }, 'DEPARTMENT_NOT_FOUND', MSG.departmentNotFound],
    ['DELETE', `/academics/departments/${unknown}`, undefined, 'DEPARTMENT_NOT_FOUND', MSG.departmentNotFound],
    ['PATCH', `/academics/subjects/${unknown}`, { name: 'Nothing' }, 'SUBJECT_NOT_FOUND', MSG.subjectNotFound],
    ['DELETE', `/academics/subjects/${unknown}`, undefined, 'SUBJECT_NOT_FOUND', MSG.subjectNotFound],
    ['PATCH', `/academics/sections/${unknown}`, { name: 'X-1A' }, 'SECTION_NOT_FOUND', MSG.sectionNotFound],
    ['DELETE', `/academics/sections/${unknown}`, undefined, 'SECTION_NOT_FOUND', MSG.sectionNotFound],
    ['GET', `/academics/sections/${unknown}/students`, undefined, 'SECTION_NOT_FOUND', MSG.sectionNotFound],
    ['POST', `/academics/sections/${unknown}/students`, { studentIds: [randomUUID()] }, 'SECTION_NOT_FOUND', MSG.sectionNotFound],
    ['DELETE', `/academics/assignments/${unknown}`, undefined, 'ASSIGNMENT_NOT_FOUND', MSG.assignmentNotFound],
    ['PATCH', `/academics/timetable/${unknown}`, { room: 'R1' }, 'SLOT_NOT_FOUND', MSG.slotNotFound],
    ['DELETE', `/academics/timetable/${unknown}`, undefined, 'SLOT_NOT_FOUND', MSG.slotNotFound],
  ];
  it.each(academics)('%s %s answers its own code', async (method, url, body, code, message) => {
    const res = await api(method, url, admin, body);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message, code });
  });

  it('a teaching assignment changed under an unknown id is ASSIGNMENT_NOT_FOUND', async () => {
    const res = await api('PATCH', `/academics/assignments/${unknown}`, admin, { teacherId: teacher.user.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.assignmentNotFound, code: 'ASSIGNMENT_NOT_FOUND' });
  });

  it('an enrolment file for an unknown section is SECTION_NOT_FOUND', async () => {
    const form = multipart('student\nSTU000001\n', 'enrolment.csv');
    const res = await api('POST', `/academics/sections/${unknown}/students/import`, { ...admin, ...form.headers }, form.payload);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.sectionNotFound, code: 'SECTION_NOT_FOUND' });
  });

  it("an unknown class's attendance is ASSIGNMENT_NOT_FOUND", async () => {
    const res = await api('GET', `/attendance/sessions?assignmentId=${unknown}&date=2026-01-05`, teacher.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.assignmentNotFound, code: 'ASSIGNMENT_NOT_FOUND' });
  });

  it("someone who is not a student has no attendance of their own: STUDENT_NOT_FOUND", async () => {
    const p = { user: { id: teacher.user.id, roles: ['Teacher'] }, sessionId: randomUUID() } as unknown as Principal;
    await expect(attendance.myAttendance(t.ctx, p)).rejects.toMatchObject({ statusCode: 404, code: 'STUDENT_NOT_FOUND', message: MSG.studentNotFound });
    await expect(attendance.mySubjectAttendance(t.ctx, p, unknown)).rejects.toMatchObject({ statusCode: 404, code: 'STUDENT_NOT_FOUND' });
  });

  it('a profile change of a user who is gone is USER_NOT_FOUND', async () => {
    await expect(users.updateProfile(t.ctx, unknown, { name: 'Nobody' })).rejects.toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND', message: MSG.userNotFound });
    await expect(profile.setAvatar(t.ctx, unknown, null)).rejects.toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
  });
});
