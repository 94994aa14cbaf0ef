// POST /alumni/upload/excel through the import pipeline, with spreadsheets made by LibreOffice
// (test/fixtures/alumni, make-fixtures.sh); the template and the export.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { ALUMNI_TEMPLATE_COLUMNS } from '@crs/shared/schemas/alumni';
import type { Alumnus } from '@crs/shared/schemas/alumni';
import { importErrorSchema, importResultSchema, importText } from '@crs/shared/schemas/import';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { makeZip } from '../../../test/zip.ts';
import { addAlumnus, listAlumni, multipart, uniqueWord } from './alumni.fixtures.ts';
import type { Auth } from './alumni.fixtures.ts';

let t: TestApp;
let teacher: Auth;
beforeAll(async () => {
  t = await createTestApp();
  teacher = (await loginAs(t, ['Teacher'])).auth;
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/alumni', name));
const upload = (content: Buffer | string, opts: { dryRun?: boolean; auth?: Auth; filename?: string } = {}) => {
  const { payload, headers } = multipart(content, opts.filename ?? 'alumni.xlsx');
  return t.app.inject({ method: 'POST', url: `/api/v1/alumni/upload/excel${opts.dryRun ? '?dryRun=true' : ''}`, headers: { ...(opts.auth ?? teacher), ...headers }, payload });
};
const alumniCount = () => countRows(t.ctx, 'alumni');
const byEmail = async (email: string) => (await listAlumni(t, teacher, { q: '', pageSize: 100 })).body.alumni.find((a) => a.email === email);
const find = async (q: string) => (await listAlumni(t, teacher, { q, pageSize: 100 })).body.alumni;

describe('alumni import: formats made by a spreadsheet program', () => {
  for (const [file, variant] of [['alumni-small.xlsx', 'xlsx'], ['alumni-small.xls', 'xls'], ['alumni-small.csv', 'csv']] as const) {
    it(`imports ${file}: labels or field names as headers, experiences as columns, every field`, async () => {
      const before = await alumniCount();
      const res = await upload(fixture(file), { filename: file });
      expect(res.statusCode, res.body).toBe(200);
      const body = importResultSchema.parse(res.json());
      expect(body).toMatchObject({ dryRun: false, created: 8, updated: 0, skipped: 0, errors: [] });
      expect(body.columns.slice(0, 4)).toEqual(['name', 'email', 'phone', 'enrollmentNo']);
      expect(body.columns).toContain('experience1StartDate');
      expect(await alumniCount()).toBe(before + 8);
      const a = (await byEmail(`aditya.kulkarni.${variant}@alumni.example`)) as Alumnus;
      expect(a).toMatchObject({
        name: 'Aditya Kulkarni',
        phone: '9845010000',
        enrollmentNo: `${variant.toUpperCase()}2006000`,
        batch: '2006-2010',
        department: 'Computer Science and Engineering',
        degree: 'B.Tech',
        specialization: 'Computer Science',
        graduationYear: 2010,
        currentCompany: 'Infosys',
        currentRole: 'Systems Engineer',
        linkedin: 'https://www.linkedin.com/in/aditya-kulkarni',
        location: 'Bengaluru',
        about: 'Class of 2010, "Systems Engineer" at Infosys',
        tags: ['guest lecture'],
        visibility: 'public',
        experiences: [
          { company: 'TCS', role: 'Graduate Engineer Trainee', startDate: '2010-07-01', endDate: '2012-06-30', currentlyWorking: false, description: 'First job at TCS' },
          { company: 'Infosys', role: 'Systems Engineer', startDate: null, endDate: null, currentlyWorking: true, description: null },
        ],
      });
      const noEmail = (await find('chetan naidu')).find((x) => x.enrollmentNo === `${variant.toUpperCase()}2008002`);
      expect(noEmail?.email).toBeNull();
      expect((await find('deepika menon')).find((x) => x.enrollmentNo === `${variant.toUpperCase()}2009003`)?.visibility).toBe('private');
    });
  }

  it('re-importing updates instead of duplicating: matched by email, else enrollment number; blank cells keep values', async () => {
    // alumni-small.xlsx was imported above; alumni-update.xlsx is the same people at new companies, plus one.
    const before = await alumniCount();
    const chetan = (await find('chetan naidu')).find((x) => x.enrollmentNo === 'XLSX2008002')!;
    const preview = await upload(fixture('alumni-update.xlsx'), { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, created: 1, updated: 8, skipped: 0, errors: [] });
    expect(preview.json().rows.map((r: { action: string }) => r.action)).toEqual([...Array(8).fill('update'), 'create']);
    expect(await alumniCount()).toBe(before);
    const res = await upload(fixture('alumni-update.xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, updated: 8, skipped: 0 });
    expect(await alumniCount()).toBe(before + 1);
    const a = (await byEmail('aditya.kulkarni.xlsx@alumni.example'))!;
    expect(a).toMatchObject({ currentCompany: 'Infosys Global', location: 'Bengaluru', tags: ['guest lecture'] });
    expect(a.experiences).toHaveLength(2);
    const c = (await find('chetan naidu')).find((x) => x.enrollmentNo === 'XLSX2008002')!;
    expect(c._id).toBe(chetan._id);
    expect(c.currentCompany).toBe('Tata Motors Global');
    expect(Date.parse(c.updatedAt)).toBeGreaterThan(Date.parse(chetan.updatedAt));
    // And once more: the same file changes nothing but updates the same rows again.
    expect((await upload(fixture('alumni-update.xlsx'))).json()).toMatchObject({ created: 0, updated: 9 });
    expect(await alumniCount()).toBe(before + 1);
  });
});

describe('alumni import: bad files write nothing', () => {
  it('a bad row rejects the whole file (422) with each row number, field and message; the dry run shows the same', async () => {
    const before = await alumniCount();
    const preview = await upload(fixture('alumni-bad.xlsx'), { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ created: 38 });
    const res = await upload(fixture('alumni-bad.xlsx'));
    expect(res.statusCode).toBe(422);
    const body = importErrorSchema.parse(res.json());
    expect(body.message).toBe(MSG.importInvalid);
    expect(body.errors).toEqual([
      { row: 17, field: 'graduationYear', message: MSG.alumniYearTooLate },
      { row: 31, field: 'email', message: MSG.alumniInvalidEmail },
      { row: 31, field: 'experience1Company', message: MSG.alumniExperienceEmpty },
    ]);
    expect(preview.json().errors).toEqual(body.errors);
    expect(await alumniCount()).toBe(before);
  });

  it('a dry run writes nothing', async () => {
    const before = await alumniCount();
    const w = uniqueWord();
    const res = await upload(`Name,Email,Graduation Year\nDry ${w},dry.${w}@example.com,2015\n`, { dryRun: true, filename: 'a.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: true, created: 1, rows: [{ row: 2, action: 'create', values: { name: `Dry ${w}`, email: `dry.${w}@example.com`, graduationYear: '2015' } }] });
    expect(await alumniCount()).toBe(before);
  });

  it('an unknown column names the one meant; a file without a Name column is refused', async () => {
    const res = await upload('Name,Graduaton Year\nX,2010\n', { filename: 'a.csv' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ row: 1, field: 'Graduaton Year', message: importText.unknownColumn('Graduaton Year', 'Graduation Year') }]);
    const noName = await upload('Email\nx@example.com\n', { filename: 'a.csv' });
    expect(noName.json().errors).toContainEqual({ row: 1, field: 'name', message: importText.missingColumn('Name') });
  });

  it('two rows of one file with one email: the later is an error', async () => {
    const w = uniqueWord();
    const res = await upload(`Name,Email\nA,${w}@example.com\nB,${w.toUpperCase()}@EXAMPLE.COM\n`, { filename: 'a.csv' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ row: 3, field: null, message: importText.repeatedRow(2) }]);
  });

  it('a row whose enrollment number belongs to another alumnus is a 409 and writes nothing', async () => {
    const w = uniqueWord();
    await addAlumnus(t, teacher, { name: 'Owner', email: `owner.${w}@example.com`, enrollmentNo: `E-${w}` });
    const before = await alumniCount();
    const res = await upload(`Name,Email,Enrollment No\nNew ${w},new.${w}@example.com,\nClash ${w},clash.${w}@example.com,e-${w}\n`, { filename: 'a.csv' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IMPORT_CLASH', message: MSG.alumniImportClash });
    expect(await alumniCount()).toBe(before);
  });

  it('refuses a zip bomb before parsing it (415)', async () => {
    const before = await alumniCount();
    const bomb = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.importSpreadsheetRefused, code: 'SPREADSHEET_REFUSED' });
    expect(await alumniCount()).toBe(before);
  });

  it('a sheet named __proto__ with headers __proto__ and constructor pollutes nothing and imports nothing', async () => {
    const before = await alumniCount();
    const res = await upload(fixture('__proto__.xlsx'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await alumniCount()).toBe(before);
  });

  it('Students and Librarians may not import (403)', async () => {
    for (const role of ['Student', 'Librarian'] as const) {
      const auth = (await loginAs(t, [role])).auth;
      expect((await upload(fixture('alumni-small.csv'), { auth, dryRun: true })).statusCode).toBe(403);
    }
  });
});

describe('template and export', () => {
  it('GET /alumni/template.xlsx: the labels and an example row, which imports as is', async () => {
    const res = await t.app.inject({ url: '/api/v1/alumni/template.xlsx', headers: teacher });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('alumni-template.xlsx');
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(res.rawPayload).Sheets.Alumni!, { header: 1 });
    expect(rows[0]).toEqual(ALUMNI_TEMPLATE_COLUMNS.map((c) => c.label));
    const preview = await upload(res.rawPayload, { dryRun: true });
    expect(preview.json()).toMatchObject({ created: 1, errors: [] });
  });

  it('exports CSV and .xlsx with formula-looking cells made inert; the export imports back as updates', async () => {
    const w = uniqueWord();
    await addAlumnus(t, teacher, { name: `=HYPERLINK("http://evil.example") ${w}`, email: `formula.${w}@example.com`, about: '+cmd|calc', currentCompany: '@SUM(A1)', tags: ['-1+1'] });
    const csv = await t.app.inject({ url: '/api/v1/alumni/export?format=csv', headers: teacher });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('alumni.csv');
    const line = csv.body.split('\r\n').find((l) => l.includes(`formula.${w}`))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"") ${w}"`);
    expect(line).toContain("'+cmd|calc");
    expect(line).toContain("'@SUM(A1)");
    expect(line).toContain("'-1+1");
    const xlsx = await t.app.inject({ url: '/api/v1/alumni/export?format=xlsx', headers: teacher });
    const sheet = XLSX.read(xlsx.rawPayload, { cellFormula: true }).Sheets.Alumni!;
    const cells = Object.entries(sheet).filter(([k]) => !k.startsWith('!')).map(([, c]) => c as XLSX.CellObject);
    expect(cells.some((c) => c.f)).toBe(false);
    expect(cells.map((c) => c.v)).toContain(`'=HYPERLINK("http://evil.example") ${w}`);
    const total = await alumniCount();
    const back = await upload(xlsx.rawPayload, { dryRun: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ errors: [] });
    expect(back.json().created + back.json().updated).toBe(total);
  });
});
