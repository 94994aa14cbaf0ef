// One student record (issue 25 item 1, decision 0036): a person's department and section are
// Academics records chosen by id, and a Student's section is their enrolment, set, moved and
// cleared with it in one transaction, so rosters and the timetable see it at once; legacy free
// text that matches nothing is kept and listed (GET /users/unmatched, `users:unmatched`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Department, Section, TimetableSlot } from '@crs/shared/schemas/academics';
import type { AuditEntry } from '@crs/shared/schemas/audit';
import { COMMANDS } from '../../cli/commands.ts';
import { apiOn, createTestApp, createUser, login, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, multipart, one } from '../../../test/util.ts';
import { addSlot, assignmentFixture, person } from '../academics/academics.fixtures.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, ['Admin']);
  superAdmin = await loginAs(t, ['SuperAdmin']);
});
afterAll(() => t.close());

const api = apiOn(() => t.app);
let serial = 0;
const code = () => `R${randomUUID().slice(0, 4).toUpperCase()}${++serial}`;

async function department(name = `Department ${code()}`): Promise<Department> {
  const res = await api('POST', '/academics/departments', admin.auth, { code: code(), name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().department;
}
async function section(departmentId: string, name = `${code()}-3A`): Promise<Section> {
  const res = await api('POST', '/academics/sections', admin.auth, { name, departmentId, semester: 3, academicYear: '2026-27' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().section;
}
const roster = async (sectionId: string) => ((await api('GET', `/academics/sections/${sectionId}/students`, admin.auth)).json().students as Array<{ _id: string }>).map((s) => s._id);

/** The password link mailed to `email` (printed: no SMTP here), used once to choose a password. */
async function firstSignIn(email: string, password = 'first12345') {
  const line = [...t.printed].reverse().find((l) => l.includes(`to=${email}`));
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(line ?? '')?.[1];
  expect(token, `a link mailed to ${email}`).toBeTruthy();
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset/confirm', payload: { token, password } })).statusCode).toBe(200);
  return bearer((await login(t.app, email, password)).token);
}

async function enrolmentEntries(userId: string): Promise<AuditEntry[]> {
  const res = await api('GET', `/audit?action=enrolment.changed&pageSize=100`, superAdmin.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().entries as AuditEntry[]).filter((e) => e.target?.id === userId);
}

describe('a student created in People with a section', () => {
  it("is on the section's roster at once and sees the section's timetable at first sign-in", async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin.auth, teacher.user.id, 0);
    const { slot } = await addSlot(t, admin.auth, { assignmentId: c.assignment._id, weekday: 3, start: '11:00', end: '12:00', room: 'R-101' });
    const email = uniqueEmail('record');
    const made = await api('POST', '/users', admin.auth, { name: 'Ishaan Kulkarni', email, roles: ['Student'], sectionId: c.section._id, bloodGroup: 'A+' });
    expect(made.statusCode, made.body).toBe(201);
    // The section sets the department; the answer carries names and ids.
    expect(made.json().user).toMatchObject({ section: c.section.name, sectionId: c.section._id, department: c.department.name, departmentId: c.department._id });
    const id = made.json().user._id as string;
    expect(await roster(c.section._id)).toEqual([id]);

    const auth = await firstSignIn(email);
    const week = await api('GET', '/academics/timetable/me', auth);
    expect(week.statusCode).toBe(200);
    expect((week.json().slots as TimetableSlot[]).map((s) => s._id)).toEqual([slot._id]);
    const courses = await api('GET', '/academics/courses/me', auth);
    expect(courses.json().courses.map((x: { code: string }) => x.code)).toEqual([c.subject.code]);

    const entries = await enrolmentEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { id: admin.user.id }, changes: { sections: { from: [], to: [`${c.section.name} (2026-27)`] } }, details: { via: 'people' } });
  });
});

describe('PATCH /users/{id} moves the enrolment', () => {
  it('moves the student between sections in one step, clears it with null, and records each change', async () => {
    const d = await department();
    const [a, b] = [await section(d._id), await section(d._id)];
    const made = (await api('POST', '/users', admin.auth, { name: 'Tara Menon', email: uniqueEmail('move'), roles: ['Student'], departmentId: d._id, sectionId: a._id })).json().user;
    expect(await roster(a._id)).toEqual([made._id]);

    const moved = await api('PATCH', `/users/${made._id}`, admin.auth, { sectionId: b._id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().user).toMatchObject({ section: b.name, sectionId: b._id });
    expect(await roster(a._id)).toEqual([]);
    expect(await roster(b._id)).toEqual([made._id]);

    const cleared = await api('PATCH', `/users/${made._id}`, admin.auth, { sectionId: null });
    expect(cleared.json().user).toMatchObject({ section: null, sectionId: null, department: d.name, departmentId: d._id });
    expect(await roster(b._id)).toEqual([]);

    const changes = (await enrolmentEntries(made._id)).map((e) => e.changes.sections).reverse();
    expect(changes).toEqual([
      { from: [], to: [`${a.name} (2026-27)`] },
      { from: [`${a.name} (2026-27)`], to: [`${b.name} (2026-27)`] },
      { from: [`${b.name} (2026-27)`], to: [] },
    ]);
    // The account's own entry names the section before and after.
    const updated = (await api('GET', `/audit?action=user.updated&pageSize=100`, superAdmin.auth)).json().entries.filter((e: AuditEntry) => e.target?.id === made._id);
    expect(updated.map((e: AuditEntry) => e.changes.section).reverse()).toEqual([
      { from: a.name, to: b.name },
      { from: b.name, to: null },
    ]);
  });

  it('a student who stops being a Student leaves their section', async () => {
    const d = await department();
    const s = await section(d._id);
    const made = (await api('POST', '/users', admin.auth, { name: 'Uday Bhat', email: uniqueEmail('role'), roles: ['Student'], sectionId: s._id })).json().user;
    const res = await api('PATCH', `/users/${made._id}`, admin.auth, { roles: ['Teacher'] });
    expect(res.json().user).toMatchObject({ roles: ['Teacher'], section: null, sectionId: null, departmentId: d._id });
    expect(await roster(s._id)).toEqual([]);
  });
});

describe('refusals name the field (400) and change nothing', () => {
  it('unknown or malformed departmentId and sectionId, free text, a section for a non-Student or of another department', async () => {
    const d = await department();
    const other = await department();
    const s = await section(d._id);
    const email = uniqueEmail('refused');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ departmentId: randomUUID() }, 'departmentId', MSG.departmentNotFound],
      [{ departmentId: 'Computer Science' }, 'departmentId', MSG.departmentNotFound],
      [{ department: 'Computer Science and Engineering' }, 'department', MSG.departmentFromList],
      [{ section: 'CSE-3A' }, 'section', MSG.sectionFromList],
      [{ sectionId: randomUUID() }, 'sectionId', MSG.sectionNotFound],
      [{ roles: ['Teacher'], sectionId: s._id }, 'sectionId', MSG.sectionOnlyForStudents],
      [{ departmentId: other._id, sectionId: s._id }, 'sectionId', MSG.sectionNotInDepartment(s.name, other.name)],
    ];
    for (const [extra, field, message] of cases) {
      const res = await api('POST', '/users', admin.auth, { name: 'Refused Person', email, roles: ['Student'], ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors, JSON.stringify(extra)).toContainEqual({ path: field, message });
    }
    expect((await one<{ n: number }>(t.ctx, sql`select count(*)::int as n from users where email = ${email}`)).n).toBe(0);

    // PATCH: the same rules; a new department that is not the section's is refused, nothing moves.
    const made = (await api('POST', '/users', admin.auth, { name: 'Kept Person', email, roles: ['Student'], sectionId: s._id })).json().user;
    const wrong = await api('PATCH', `/users/${made._id}`, admin.auth, { departmentId: other._id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'sectionId', message: MSG.sectionNotInDepartment(s.name, other.name) }]);
    const unknown = await api('PATCH', `/users/${made._id}`, admin.auth, { departmentId: randomUUID() });
    expect(unknown.json()).toMatchObject({ code: 'DEPARTMENT_NOT_FOUND', errors: [{ path: 'departmentId', message: MSG.departmentNotFound }] });
    expect(await roster(s._id)).toEqual([made._id]);
    expect((await api('GET', `/users/${made._id}`, admin.auth)).json().user).toMatchObject({ departmentId: d._id, sectionId: s._id });
    // A department people belong to is in use.
    expect((await api('DELETE', `/academics/departments/${other._id}`, admin.auth)).statusCode).toBe(200);
    const inUse = await api('DELETE', `/academics/departments/${d._id}`, admin.auth);
    expect(inUse.statusCode).toBe(409);
  });
});

describe('Academics keeps the record in step', () => {
  it('an enrolment made in Academics becomes the section of a student without one; removing it clears it; renames show', async () => {
    const d = await department();
    const s = await section(d._id);
    const student = await createUser(t.ctx, { roles: ['Student'] });
    expect((await api('POST', `/academics/sections/${s._id}/students`, admin.auth, { studentIds: [student.id] })).statusCode).toBe(200);
    expect((await api('GET', `/users/${student.id}`, admin.auth)).json().user).toMatchObject({ section: s.name, sectionId: s._id, department: d.name, departmentId: d._id });
    expect(await enrolmentEntries(student.id)).toHaveLength(1);

    expect((await api('PATCH', `/academics/sections/${s._id}`, admin.auth, { name: `${s.name}X` })).statusCode).toBe(200);
    expect((await api('PATCH', `/academics/departments/${d._id}`, admin.auth, { name: `${d.name} Renamed` })).statusCode).toBe(200);
    expect((await api('GET', `/users/${student.id}`, admin.auth)).json().user).toMatchObject({ section: `${s.name}X`, department: `${d.name} Renamed` });

    expect((await api('DELETE', `/academics/sections/${s._id}/students/${student.id}`, admin.auth)).statusCode).toBe(200);
    expect((await api('GET', `/users/${student.id}`, admin.auth)).json().user).toMatchObject({ section: null, sectionId: null, departmentId: d._id });
    const entries = await enrolmentEntries(student.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ changes: { sections: { from: [`${s.name}X (2026-27)`], to: [] } }, details: { via: 'academics' } });
  });

  it('a second enrolment (an elective) keeps the student’s section', async () => {
    const d = await department();
    const [home, elective] = [await section(d._id), await section(d._id)];
    const made = (await api('POST', '/users', admin.auth, { name: 'Veda Rao', email: uniqueEmail('elective'), roles: ['Student'], sectionId: home._id })).json().user;
    await api('POST', `/academics/sections/${elective._id}/students`, admin.auth, { studentIds: [made._id] });
    expect((await api('GET', `/users/${made._id}`, admin.auth)).json().user.sectionId).toBe(home._id);
    expect(await roster(elective._id)).toEqual([made._id]);
  });
});

describe('POST /users/import', () => {
  const importCsv = (csv: string, dryRun = false) => {
    const body = multipart(csv, 'people.csv');
    return t.app.inject({ method: 'POST', url: `/api/v1/users/import${dryRun ? '?dryRun=true' : ''}`, payload: body.payload, headers: { ...admin.auth, ...body.headers } });
  };

  it('matches the department by name or code and the section by name, and enrols each student in the import', async () => {
    const d = await department(`Biotechnology ${code()}`);
    const s = await section(d._id);
    const other = await department();
    const w = randomUUID().slice(0, 6);
    const csv = [
      'name,email,role,department,section',
      `Asha ${w},asha.${w}@test.crs,Student,${d.name.toUpperCase()},${s.name.toLowerCase()}`,
      `Bala ${w},bala.${w}@test.crs,Teacher,${d.code.toLowerCase()},`,
      // An office's people may have no department.
      `Gita ${w},gita.${w}@test.crs,Librarian,,`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3 });
    expect(await one(t.ctx, sql`select department_id, department from users where email = ${`gita.${w}@test.crs`}`)).toEqual({ department_id: null, department: null });
    const asha = await one<{ id: string; department_id: string; department: string; section_id: string; section: string }>(
      t.ctx,
      sql`select id, department_id, department, section_id, section from users where email = ${`asha.${w}@test.crs`}`,
    );
    expect(asha).toMatchObject({ department_id: d._id, department: d.name, section_id: s._id, section: s.name });
    expect(await roster(s._id)).toEqual([asha.id]);
    expect(await enrolmentEntries(asha.id)).toMatchObject([{ details: { via: 'import' } }]);
    expect((await one<{ department_id: string }>(t.ctx, sql`select department_id from users where email = ${`bala.${w}@test.crs`}`)).department_id).toBe(d._id);

    // Unknown department, unknown section, a section of another department, a section on a Teacher: row errors, nothing written.
    const bad = [
      'name,email,role,department,section',
      `Chitra ${w},chitra.${w}@test.crs,Student,Astrology,`,
      `Dev ${w},dev.${w}@test.crs,Student,${d.code},NOPE-9Z`,
      `Esha ${w},esha.${w}@test.crs,Student,${other.code},${s.name}`,
      `Farid ${w},farid.${w}@test.crs,Teacher,${d.code},${s.name}`,
      `Hari ${w},hari.${w}@test.crs,Student,,`,
    ].join('\n');
    const preview = (await importCsv(bad, true)).json();
    expect(preview.errors.map((e: { row: number; field: string; message: string }) => [e.row, e.field, e.message])).toEqual([
      [2, 'department', MSG.importDepartmentUnknown],
      [3, 'section', MSG.importSectionUnknown],
      [4, 'section', MSG.importSectionOtherDepartment(d.name)],
      [5, 'section', MSG.sectionOnlyForStudents],
      [6, 'department', MSG.personDepartmentRequired],
    ]);
    expect((await importCsv(bad)).statusCode).toBe(422);
    expect(await roster(s._id)).toEqual([asha.id]);
  });
});

describe('legacy free text', () => {
  it('the migration links names and codes, enrols matched sections, and keeps what matches nothing for GET /users/unmatched and users:unmatched', async () => {
    const d = await department(`Aeronautical Engineering ${code()}`);
    const s = await section(d._id);
    const legacy = async (department: string | null, section: string | null, roles = ['Student']) => {
      const u = await createUser(t.ctx, { roles: roles as ['Student'] });
      await t.ctx.db.execute(sql`update users set department = ${department}, section = ${section} where id = ${u.id}`);
      return u;
    };
    const byName = await legacy(` ${d.name.toLowerCase()} `, s.name.toLowerCase());
    const byCode = await legacy(d.code.toLowerCase(), null, ['Teacher']);
    const lost = await legacy(`Old Department ${code()}`, 'ZZ-9Z');
    const sectionOnly = await legacy(null, s.name);

    // The data statements of migration 0016, run again over these rows (they only touch unlinked ones).
    const file = readFileSync(path.join(import.meta.dirname, '../../../drizzle/0016_one_student_record.sql'), 'utf8');
    const statements = file
      .split('--> statement-breakpoint')
      .map((x) => x.replace(/^--.*$/gm, '').trim())
      .filter((x) => /^(UPDATE|INSERT)/.test(x));
    expect(statements).toHaveLength(4);
    for (const q of statements) await t.ctx.db.execute(sql.raw(q));

    const row = (id: string) => one<{ department_id: string | null; department: string | null; section_id: string | null; section: string | null }>(t.ctx, sql`select department_id, department, section_id, section from users where id = ${id}`);
    expect(await row(byName.id)).toEqual({ department_id: d._id, department: d.name, section_id: s._id, section: s.name });
    expect(await row(byCode.id)).toEqual({ department_id: d._id, department: d.name, section_id: null, section: null });
    expect(await row(sectionOnly.id)).toEqual({ department_id: d._id, department: d.name, section_id: s._id, section: s.name });
    expect((await row(lost.id)).department_id).toBeNull();
    expect((await roster(s._id)).sort()).toEqual([byName.id, sectionOnly.id].sort());

    const listed = await api('GET', '/users/unmatched', admin.auth);
    expect(listed.statusCode).toBe(200);
    const mine = listed.json().users.find((u: { _id: string }) => u._id === lost.id);
    expect(mine).toMatchObject({ email: lost.email, department: expect.stringMatching(/^Old Department /), section: 'ZZ-9Z' });
    expect(listed.json().users.map((u: { _id: string }) => u._id)).not.toContain(byName.id);
    expect((await api('GET', '/users/unmatched', (await loginAs(t, ['Teacher'])).auth)).statusCode).toBe(403);

    const out = await COMMANDS['users:unmatched']!.run(t.ctx, []);
    expect(out).toContain(`<${lost.email}> (Student): department "${mine.department}", section "ZZ-9Z"`);
    expect(out).not.toContain(byName.email);

    // Choosing the department and section in People links the record: it leaves the list.
    expect((await api('PATCH', `/users/${lost.id}`, admin.auth, { sectionId: s._id })).statusCode).toBe(200);
    expect((await api('GET', '/users/unmatched', admin.auth)).json().users.map((u: { _id: string }) => u._id)).not.toContain(lost.id);
  });
});
