// The directory's API: every rule of spec section 5, roles of section 6, create/read/edit/delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { maxGraduationYear } from '@crs/shared/schemas/alumni';
import type { Alumnus } from '@crs/shared/schemas/alumni';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { addAlumnus, uniqueWord } from './alumni.fixtures.ts';
import type { Auth } from './alumni.fixtures.ts';

let t: TestApp;
const as: Record<string, Auth> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin', 'Librarian'] as const) as[role] = (await loginAs(t, [role])).auth;
});
afterAll(() => t.close());

const post = (body: unknown, auth = as.Teacher!) => t.app.inject({ method: 'POST', url: '/api/v1/alumni', headers: auth, payload: body as object });
const patch = (id: string, body: unknown, auth = as.Teacher!) => t.app.inject({ method: 'PATCH', url: `/api/v1/alumni/${id}`, headers: auth, payload: body as object });
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors?: Array<{ path: string; message: string }> }).errors ?? [];

const full = (w: string) => ({
  name: `Ananya Krishnan ${w}`,
  email: `Ananya.${w}@Example.com`,
  phone: '9845011122',
  enrollmentNo: `CSE-${w}`,
  batch: '2014-2018',
  department: 'Computer Science and Engineering',
  degree: 'B.Tech',
  specialization: 'Computer Science',
  graduationYear: 2018,
  currentCompany: 'Infosys',
  currentRole: 'Senior Systems Engineer',
  linkedin: 'https://www.linkedin.com/in/ananya-krishnan',
  location: 'Bengaluru',
  about: 'Backend engineer',
  experiences: [
    { company: 'TCS', role: 'Assistant Systems Engineer', startDate: '2018-07-01', endDate: '2020-06-30', description: 'Billing' },
    { company: 'Infosys', role: 'Senior Systems Engineer', startDate: '2020-07-01', currentlyWorking: true },
  ],
  tags: ['mentor', 'cloud'],
  visibility: 'private',
});

describe('create, read, edit, delete', () => {
  it('creates with every field (email lower-cased), reads it back, and records timestamps', async () => {
    const w = uniqueWord();
    const res = await post(full(w));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(MSG.alumnusCreated);
    const a = res.json().alumnus as Alumnus;
    expect(a).toMatchObject({ ...full(w), email: `ananya.${w}@example.com`, experiences: [{ company: 'TCS', currentlyWorking: false, endDate: '2020-06-30' }, { company: 'Infosys', currentlyWorking: true, endDate: null, description: null }] });
    expect(Date.parse(a.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const got = await t.app.inject({ url: `/api/v1/alumni/${a._id}`, headers: as.Staff! });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ alumnus: a });
  });

  it('normalises like the form: blanks omitted, empty experiences dropped, tags split and trimmed, public by default', async () => {
    const w = uniqueWord();
    const res = await post({ name: `  Rahul ${w} `, email: '', phone: '   ', currentCompany: '', tags: ' ml , iot;;cloud, ml ', experiences: [{ company: '', role: ' ', description: '' }, { role: 'Intern' }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().alumnus).toMatchObject({ name: `Rahul ${w}`, email: null, phone: null, currentCompany: null, tags: ['ml', 'iot', 'cloud'], visibility: 'public', experiences: [{ role: 'Intern', company: null }] });
  });

  it('edits: name required, absent fields stay, blank clears, lists replace; updatedAt moves', async () => {
    const a = await addAlumnus(t, as.Teacher!, full(uniqueWord()));
    const res = await patch(a._id, { name: 'Ananya K', currentCompany: 'Google', location: '', tags: ['ai'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.alumnusUpdated);
    const b = res.json().alumnus as Alumnus;
    expect(b).toMatchObject({ name: 'Ananya K', currentCompany: 'Google', location: null, tags: ['ai'], currentRole: a.currentRole, experiences: a.experiences, email: a.email });
    expect(Date.parse(b.updatedAt)).toBeGreaterThanOrEqual(Date.parse(a.updatedAt));
    const noName = await patch(a._id, { currentCompany: 'Amazon' });
    expect(noName.statusCode).toBe(400);
    expect(errorsOf(noName)).toContainEqual({ path: 'name', message: MSG.alumniNameRequired });
  });

  it('deletes one (then 404); an unknown id is 404 "Alumnus not found", a malformed one 400', async () => {
    const a = await addAlumnus(t, as.Teacher!, { name: `Gone ${uniqueWord()}` });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/alumni/${a._id}`, headers: as.Admin! });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: MSG.alumnusDeleted });
    const res = await t.app.inject({ url: `/api/v1/alumni/${a._id}`, headers: as.Teacher! });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MSG.alumnusNotFound, code: 'ALUMNUS_NOT_FOUND' });
    const bad = await t.app.inject({ url: '/api/v1/alumni/not-a-uuid', headers: as.Teacher! });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.alumnusNotFound);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/alumni/${a._id}`, headers: as.Admin! })).statusCode).toBe(404);
    expect((await patch(a._id, { name: 'X' })).statusCode).toBe(404);
  });

  it('email (any case) and enrollment number (any case) are unique when present: 409, nothing added', async () => {
    const w = uniqueWord();
    await addAlumnus(t, as.Teacher!, { name: 'First', email: `dup.${w}@example.com`, enrollmentNo: `ENR-${w}` });
    const before = await countRows(t.ctx, 'alumni');
    const email = await post({ name: 'Second', email: `DUP.${w}@EXAMPLE.COM` });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: 'ALUMNI_EMAIL_TAKEN', message: MSG.alumniEmailTaken });
    const enr = await post({ name: 'Third', enrollmentNo: `enr-${w}` });
    expect(enr.statusCode).toBe(409);
    expect(enr.json()).toMatchObject({ code: 'ENROLLMENT_TAKEN', message: MSG.alumniEnrollmentTaken });
    // Many alumni without email or enrollment number are fine.
    await addAlumnus(t, as.Teacher!, { name: 'No keys 1' });
    await addAlumnus(t, as.Teacher!, { name: 'No keys 2' });
    expect(await countRows(t.ctx, 'alumni')).toBe(before + 2);
    const other = await addAlumnus(t, as.Teacher!, { name: 'Other', email: `other.${w}@example.com` });
    expect((await patch(other._id, { name: 'Other', email: `dup.${w}@example.com` })).statusCode).toBe(409);
  });
});

describe('rules of spec section 5 (same messages on create and edit)', () => {
  const year = maxGraduationYear();
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no name', { name: '' }, 'name', MSG.alumniNameRequired],
    ['name of spaces', { name: '   ' }, 'name', MSG.alumniNameRequired],
    ['name over 100', { name: 'x'.repeat(101) }, 'name', MSG.alumniNameTooLong],
    ['bad email', { email: 'not-an-email' }, 'email', MSG.alumniInvalidEmail],
    ['phone over 20', { phone: '9'.repeat(21) }, 'phone', MSG.alumniPhoneTooLong],
    ['year as text', { graduationYear: 'twenty' }, 'graduationYear', MSG.alumniYearInvalid],
    ['year with a fraction', { graduationYear: 2010.5 }, 'graduationYear', MSG.alumniYearInvalid],
    ['year 1899', { graduationYear: 1899 }, 'graduationYear', MSG.alumniYearTooEarly],
    ['year past now + 5', { graduationYear: year + 1 }, 'graduationYear', MSG.alumniYearTooLate],
    ['linkedin not a URL', { linkedin: 'linkedin dot com slash me' }, 'linkedin', MSG.alumniInvalidLinkedin],
    ['linkedin javascript:', { linkedin: 'javascript:alert(1)' }, 'linkedin', MSG.alumniInvalidLinkedin],
    ['about over 1000', { about: 'a'.repeat(1001) }, 'about', MSG.alumniAboutTooLong],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', MSG.alumniTooManyTags],
    ['experience with dates only', { experiences: [{ startDate: '2019-01-01' }] }, 'experiences.0.company', MSG.alumniExperienceEmpty],
    ['experience company over 100', { experiences: [{ company: 'c'.repeat(101) }] }, 'experiences.0.company', MSG.alumniExpCompanyTooLong],
    ['experience description over 500', { experiences: [{ role: 'r', description: 'd'.repeat(501) }] }, 'experiences.0.description', MSG.alumniExpDescriptionTooLong],
    ['experience ending before it starts', { experiences: [{ role: 'r', startDate: '2020-01-01', endDate: '2019-01-01' }] }, 'experiences.0.endDate', MSG.alumniEndBeforeStart],
    ['visibility other', { visibility: 'friends' }, 'visibility', MSG.alumniVisibility],
  ];
  for (const [what, body, path, message] of cases) {
    it(`refuses ${what} with 400 "${message}"`, async () => {
      const before = await countRows(t.ctx, 'alumni');
      const res = await post({ name: 'Valid Name', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsOf(res)).toContainEqual({ path, message });
      expect(await countRows(t.ctx, 'alumni')).toBe(before);
      const a = await addAlumnus(t, as.Teacher!, { name: `Edit target ${uniqueWord()}` });
      const edit = await patch(a._id, { name: 'Valid Name', ...body });
      expect(edit.statusCode).toBe(400);
      expect(errorsOf(edit)).toContainEqual({ path, message });
    });
  }

  it('accepts the bounds: years 1900 and now + 5, 100-character name, 20 tags, field limits', async () => {
    const res = await post({
      name: 'n'.repeat(100),
      graduationYear: 1900,
      phone: '+91 98450 11122 x12',
      enrollmentNo: 'e'.repeat(50),
      batch: 'b'.repeat(20),
      department: 'd'.repeat(50),
      tags: Array.from({ length: 20 }, (_, i) => `tag${i}`),
      about: 'a'.repeat(1000),
    });
    expect(res.statusCode, res.body).toBe(201);
    const late = await post({ name: 'Late', graduationYear: String(maxGraduationYear()) });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().alumnus.graduationYear).toBe(maxGraduationYear());
    for (const [field, max] of [['enrollmentNo', 50], ['batch', 20], ['department', 50], ['degree', 50], ['specialization', 100], ['currentCompany', 100], ['currentRole', 100], ['location', 100]] as const) {
      const over = await post({ name: 'Over', [field]: 'x'.repeat(max + 1) });
      expect(over.statusCode, field).toBe(400);
      expect(errorsOf(over).map((e) => e.path)).toEqual([field]);
    }
    expect((await post({ name: 'Extra', isAdmin: true })).statusCode).toBe(400);
  });
});

describe('roles (spec section 6)', () => {
  it('faculty write; Student reads only; Librarian has no access; no token is 401', async () => {
    const a = await addAlumnus(t, as.Teacher!, { name: `Roles ${uniqueWord()}` });
    for (const role of ['Staff', 'Admin', 'SuperAdmin']) {
      expect((await post({ name: `By ${role}` }, as[role])).statusCode, role).toBe(201);
      expect((await patch(a._id, { name: `Edited by ${role}` }, as[role])).statusCode, role).toBe(200);
    }
    for (const role of ['Student', 'Librarian']) {
      expect((await post({ name: 'Nope' }, as[role])).statusCode, role).toBe(403);
      expect((await patch(a._id, { name: 'Nope' }, as[role])).statusCode, role).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/alumni/${a._id}`, headers: as[role] })).statusCode, role).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/alumni/delete', headers: as[role], payload: { ids: [a._id] } })).statusCode, role).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/alumni/message', headers: as[role], payload: { ids: [a._id], message: 'hi' } })).statusCode, role).toBe(403);
      for (const url of ['/api/v1/alumni/export', '/api/v1/alumni/template.xlsx', '/api/v1/alumni/messages']) expect((await t.app.inject({ url, headers: as[role] })).statusCode, `${role} ${url}`).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/v1/alumni', headers: as.Student! })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/alumni/${a._id}`, headers: as.Student! })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/alumni', headers: as.Librarian! })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/alumni/${a._id}`, headers: as.Librarian! })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/alumni' })).statusCode).toBe(401);
  });
});

describe('batch delete (POST /alumni/delete)', () => {
  it('deletes every listed alumnus in one go', async () => {
    const ids = await Promise.all([1, 2, 3].map(async (i) => (await addAlumnus(t, as.Teacher!, { name: `Batch ${i} ${uniqueWord()}` }))._id));
    const before = await countRows(t.ctx, 'alumni');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/alumni/delete', headers: as.Staff!, payload: { ids: [...ids, ids[0]] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.alumniDeleted, deleted: 3 });
    expect(await countRows(t.ctx, 'alumni')).toBe(before - 3);
  });

  it('is one transaction: with one unknown id nothing is deleted (404)', async () => {
    const ids = await Promise.all([1, 2].map(async (i) => (await addAlumnus(t, as.Teacher!, { name: `Atomic ${i} ${uniqueWord()}` }))._id));
    const gone = (await addAlumnus(t, as.Teacher!, { name: 'Already gone' }))._id;
    await t.app.inject({ method: 'DELETE', url: `/api/v1/alumni/${gone}`, headers: as.Staff! });
    const before = await countRows(t.ctx, 'alumni');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/alumni/delete', headers: as.Staff!, payload: { ids: [ids[0], gone, ids[1]] } });
    expect(res.statusCode).toBe(404);
    expect(await countRows(t.ctx, 'alumni')).toBe(before);
    for (const id of ids) expect((await t.app.inject({ url: `/api/v1/alumni/${id}`, headers: as.Staff! })).statusCode).toBe(200);
  });

  it('refuses an empty list and malformed ids (400)', async () => {
    for (const ids of [[], ['nope']]) expect((await t.app.inject({ method: 'POST', url: '/api/v1/alumni/delete', headers: as.Staff!, payload: { ids } })).statusCode).toBe(400);
  });
});
