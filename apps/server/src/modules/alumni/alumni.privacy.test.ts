// Privacy (issue 10 item 3): a Student never receives a private profile, nor the email or phone
// of any non-public one, from list, detail, search or export; faculty see everything.
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alumnus } from '@crs/shared/schemas/alumni';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { addAlumnus, listAlumni, uniqueWord } from './alumni.fixtures.ts';
import type { Auth } from './alumni.fixtures.ts';

let t: TestApp;
let student: Auth;
let teacher: Auth;
let w: string;
let pub: Alumnus;
let priv: Alumnus;
beforeAll(async () => {
  t = await createTestApp();
  student = (await loginAs(t, ['Student'])).auth;
  teacher = (await loginAs(t, ['Teacher'])).auth;
  w = uniqueWord();
  pub = await addAlumnus(t, teacher, { name: `Open Person ${w}`, email: `open.${w}@example.com`, phone: '9800000001', currentCompany: `Acme ${w}`, visibility: 'public' });
  priv = await addAlumnus(t, teacher, { name: `Hidden Person ${w}`, email: `hidden.${w}@example.com`, phone: '9800000002', currentCompany: `Acme ${w}`, currentRole: 'Secret Role', visibility: 'private' });
});
afterAll(() => t.close());

describe('a Student', () => {
  it('never gets a private profile from the list, a search or a filter, nor counts it', async () => {
    for (const query of [{}, { q: w }, { q: 'hidden person' }, { q: 'secret' }, { company: `acme ${w}` }, { q: w, sort: '-createdAt' }]) {
      const { status, body } = await listAlumni(t, student, { pageSize: 100, ...query });
      expect(status).toBe(200);
      expect(body.alumni.map((a) => a._id)).not.toContain(priv._id);
      expect(JSON.stringify(body)).not.toContain(`hidden.${w}`);
      expect(JSON.stringify(body)).not.toContain('9800000002');
    }
    const mine = await listAlumni(t, student, { q: w });
    expect(mine.body.alumni.map((a) => a._id)).toEqual([pub._id]);
    expect(mine.body.total).toBe(1);
    expect((await listAlumni(t, student, { q: 'secret role' })).body.total).toBe(0);
  });

  it('gets 404 for a private profile (its existence is not disclosed), and the public one with its contacts', async () => {
    const res = await t.app.inject({ url: `/api/v1/alumni/${priv._id}`, headers: student });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hidden');
    const open = await t.app.inject({ url: `/api/v1/alumni/${pub._id}`, headers: student });
    expect(open.json().alumnus).toMatchObject({ email: `open.${w}@example.com`, phone: '9800000001' });
  });

  it('cannot export, message, or read the message record (403)', async () => {
    for (const url of ['/api/v1/alumni/export?format=csv', '/api/v1/alumni/export?format=xlsx', '/api/v1/alumni/messages']) {
      const res = await t.app.inject({ url, headers: student });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('Hidden');
    }
  });

  it('stops seeing a profile the moment it turns private, and sees it when it turns public', async () => {
    const a = await addAlumnus(t, teacher, { name: `Switch ${w}`, email: `switch.${w}@example.com` });
    expect((await t.app.inject({ url: `/api/v1/alumni/${a._id}`, headers: student })).statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/alumni/${a._id}`, headers: teacher, payload: { name: a.name, visibility: 'private' } });
    expect((await t.app.inject({ url: `/api/v1/alumni/${a._id}`, headers: student })).statusCode).toBe(404);
    expect((await listAlumni(t, student, { q: `switch ${w}` })).body.total).toBe(0);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/alumni/${a._id}`, headers: teacher, payload: { name: a.name, visibility: 'public' } });
    expect((await listAlumni(t, student, { q: `switch ${w}` })).body.alumni[0]?.email).toBe(`switch.${w}@example.com`);
  });
});

describe('faculty', () => {
  it('see private profiles with every field, in list, detail and export', async () => {
    for (const roles of [['Teacher'], ['Staff'], ['Admin'], ['SuperAdmin']] as const) {
      const auth = (await loginAs(t, [...roles])).auth;
      const { body } = await listAlumni(t, auth, { q: `person ${w}`, sort: 'name' });
      expect(body.alumni.map((a) => a._id), roles[0]).toEqual([priv._id, pub._id]);
      expect(body.alumni[0]).toMatchObject({ email: `hidden.${w}@example.com`, phone: '9800000002', visibility: 'private' });
      const one = await t.app.inject({ url: `/api/v1/alumni/${priv._id}`, headers: auth });
      expect(one.json().alumnus.email).toBe(`hidden.${w}@example.com`);
    }
    const csv = await t.app.inject({ url: '/api/v1/alumni/export?format=csv', headers: teacher });
    expect(csv.body).toContain(`hidden.${w}@example.com`);
    const xlsx = await t.app.inject({ url: '/api/v1/alumni/export?format=xlsx', headers: teacher });
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(xlsx.rawPayload).Sheets.Alumni!, { header: 1 });
    expect(rows.flat()).toContain(`hidden.${w}@example.com`);
  });
});
