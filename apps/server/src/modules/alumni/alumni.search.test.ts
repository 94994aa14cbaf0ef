// GET /alumni: q on name, current company or current role (case-insensitive, partial words),
// filters, sort, paging. Each test owns its alumni through a word no other test uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { ALUMNI_COUNT_CAP } from '@crs/shared/schemas/alumni';
import { addAlumnus, listAlumni, multipart, uniqueWord } from './alumni.fixtures.ts';
import type { Auth } from './alumni.fixtures.ts';

let t: TestApp;
let teacher: Auth;
let w: string;
const names = (r: { body: { alumni: Array<{ name: string }> } }) => r.body.alumni.map((a) => a.name);
beforeAll(async () => {
  t = await createTestApp();
  teacher = (await loginAs(t, ['Teacher'])).auth;
  w = uniqueWord();
  const people: Array<[string, string | null, string | null, string, number]> = [
    ['Zara Qureshi', 'Infosys', 'Systems Engineer', 'Computer Science and Engineering', 2015],
    ['Amit Verma', 'Tata Motors', 'Design Engineer', 'Mechanical Engineering', 2012],
    ['Bhavana Rao', 'Microsoft', 'Principal Engineer', 'Computer Science and Engineering', 2018],
    ['Chetan Iyer', null, null, 'Civil Engineering', 2009],
    ['deepa infosysfan', 'Wipro', 'Data Scientist', 'Information Technology', 2015],
  ];
  for (const [name, company, role, department, graduationYear] of people) {
    await addAlumnus(t, teacher, { name: `${name} ${w}`, currentCompany: company, currentRole: role, department, graduationYear, tags: [w] });
  }
});
afterAll(() => t.close());

describe('search', () => {
  it('matches name, company or role, any case, anywhere in a word; every word must match', async () => {
    expect(names(await listAlumni(t, teacher, { q: `INFOSYS ${w}` }))).toEqual([`deepa infosysfan ${w}`, `Zara Qureshi ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: `soft ${w}` }))).toEqual([`Bhavana Rao ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: `engineer ${w}` }))).toEqual([`Amit Verma ${w}`, `Bhavana Rao ${w}`, `Zara Qureshi ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: `ver ${w}` }))).toEqual([`Amit Verma ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: `  iyer   ${w.toUpperCase()} ` }))).toEqual([`Chetan Iyer ${w}`]);
    // Department and tags are filters, not search text.
    expect((await listAlumni(t, teacher, { q: `civil ${w}` })).body.total).toBe(0);
    // LIKE wildcards are text.
    expect((await listAlumni(t, teacher, { q: `% ${w}` })).body.total).toBe(0);
    expect((await listAlumni(t, teacher, { q: `_ ${w}` })).body.total).toBe(0);
  });

  it('filters by department (any case), graduation year and company (part of it)', async () => {
    expect(names(await listAlumni(t, teacher, { q: w, department: 'computer science and engineering' }))).toEqual([`Bhavana Rao ${w}`, `Zara Qureshi ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: w, graduationYear: 2015 }))).toEqual([`deepa infosysfan ${w}`, `Zara Qureshi ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: w, company: 'TATA' }))).toEqual([`Amit Verma ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: w, graduationYear: 2015, company: 'wip' }))).toEqual([`deepa infosysfan ${w}`]);
    expect((await listAlumni(t, teacher, { graduationYear: 'soon' })).status).toBe(400);
    expect((await listAlumni(t, teacher, { sort: 'salary' })).status).toBe(400);
  });

  it('keeps the stored name and department keys with every edit: the filter and the order follow', async () => {
    const v = uniqueWord();
    const one = await addAlumnus(t, teacher, { name: `Nikhil Joshi ${v}`, department: 'Electrical Engineering', tags: [v] });
    await addAlumnus(t, teacher, { name: `Meera Nair ${v}`, department: 'Electrical Engineering', tags: [v] });
    expect(names(await listAlumni(t, teacher, { q: v }))).toEqual([`Meera Nair ${v}`, `Nikhil Joshi ${v}`]);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/v1/alumni/${one._id}`, headers: teacher, payload: { name: `Aditi Joshi ${v}`, department: 'ÉLECTRONICS' } });
    expect(edit.statusCode).toBe(200);
    expect(names(await listAlumni(t, teacher, { q: v }))).toEqual([`Aditi Joshi ${v}`, `Meera Nair ${v}`]);
    expect(names(await listAlumni(t, teacher, { q: v, department: 'électronics' }))).toEqual([`Aditi Joshi ${v}`]);
    expect(names(await listAlumni(t, teacher, { q: v, department: 'electrical engineering' }))).toEqual([`Meera Nair ${v}`]);
    // The filter without a search word walks the department's index, not the search text.
    expect((await listAlumni(t, teacher, { department: 'Électronics' })).body.total).toBeGreaterThanOrEqual(1);
  });

  it('sorts by name (default, case-insensitive), by year (empty last) and newest first', async () => {
    expect(names(await listAlumni(t, teacher, { q: w }))).toEqual([`Amit Verma ${w}`, `Bhavana Rao ${w}`, `Chetan Iyer ${w}`, `deepa infosysfan ${w}`, `Zara Qureshi ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: w, sort: '-name' }))[0]).toBe(`Zara Qureshi ${w}`);
    expect(names(await listAlumni(t, teacher, { q: w, sort: 'graduationYear' }))).toEqual([`Chetan Iyer ${w}`, `Amit Verma ${w}`, `deepa infosysfan ${w}`, `Zara Qureshi ${w}`, `Bhavana Rao ${w}`]);
    expect(names(await listAlumni(t, teacher, { q: w, sort: '-graduationYear' }))[0]).toBe(`Bhavana Rao ${w}`);
    expect(names(await listAlumni(t, teacher, { q: w, sort: '-createdAt' }))[0]).toBe(`deepa infosysfan ${w}`);
  });

  it('pages with a total', async () => {
    const p1 = await listAlumni(t, teacher, { q: w, pageSize: 2, page: 1 });
    const p3 = await listAlumni(t, teacher, { q: w, pageSize: 2, page: 3 });
    expect(p1.body).toMatchObject({ total: 5, capped: false });
    expect(names(p1)).toEqual([`Amit Verma ${w}`, `Bhavana Rao ${w}`]);
    expect(names(p3)).toEqual([`Zara Qureshi ${w}`]);
    expect((await listAlumni(t, teacher, { q: w, page: 9 })).body).toMatchObject({ alumni: [], total: 5 });
    expect((await listAlumni(t, teacher, { pageSize: 101 })).status).toBe(400);
  });
});

describe('broad queries', () => {
  it(`count up to ${ALUMNI_COUNT_CAP}, then capped: a word search pages within ${ALUMNI_COUNT_CAP} matches, filters alone reach every page`, async () => {
    const v = uniqueWord();
    const n = ALUMNI_COUNT_CAP + 5;
    const department = `Broad Department ${v}`;
    const csv = ['Name,Graduation Year,Department', ...Array.from({ length: n }, (_, i) => `Broad ${v} ${String(i).padStart(4, '0')},${2000 + (i % 20)},${department}`)].join('\n');
    const { payload, headers } = multipart(csv, 'broad.csv');
    const imported = await t.app.inject({ method: 'POST', url: '/api/v1/alumni/upload/excel', headers: { ...teacher, ...headers }, payload });
    expect(imported.json()).toMatchObject({ created: n });
    const label = (i: number) => `Broad ${v} ${String(i).padStart(4, '0')}`;

    const first = await listAlumni(t, teacher, { q: v, pageSize: 100 });
    expect(first.body).toMatchObject({ total: ALUMNI_COUNT_CAP, capped: true });
    const shown = names(first);
    expect(shown).toHaveLength(100);
    expect([...shown].sort()).toEqual(shown);
    const tenth = await listAlumni(t, teacher, { q: v, pageSize: 100, page: 10 });
    expect(names(tenth)).toHaveLength(100);
    expect(names(tenth)[0]! > shown[99]!).toBe(true);
    expect((await listAlumni(t, teacher, { q: v, pageSize: 100, page: 11 })).body.alumni).toEqual([]);

    const byDept = await listAlumni(t, teacher, { department, pageSize: 20 });
    expect(byDept.body).toMatchObject({ total: ALUMNI_COUNT_CAP, capped: true });
    expect(names(byDept)).toEqual(Array.from({ length: 20 }, (_, i) => label(i)));
    expect(names(await listAlumni(t, teacher, { department, pageSize: 20, page: Math.ceil(n / 20) }))).toEqual([0, 1, 2, 3, 4].map((i) => label(ALUMNI_COUNT_CAP + i)));
    expect(names(await listAlumni(t, teacher, { department, sort: '-graduationYear', pageSize: 3 }))).toEqual([19, 39, 59].map(label));
    // Narrowed below the cap: exact again.
    expect((await listAlumni(t, teacher, { q: v, graduationYear: 2003 })).body).toMatchObject({ total: 51, capped: false });
    expect((await listAlumni(t, teacher, { department, graduationYear: 2003, pageSize: 50, page: 2 })).body).toMatchObject({ total: 51, capped: false, alumni: [{ name: label(1003) }] });
    expect((await listAlumni(t, teacher, { department, graduationYear: 2003, page: 9 })).body).toMatchObject({ alumni: [], total: 51, capped: false });
  });
});
