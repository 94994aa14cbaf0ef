// The demo directory: realistic, deterministic, valid, and seeded once with the demo college.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { COMMANDS } from '../../cli/commands.ts';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { DEMO_DEPARTMENTS } from '../academics/academics.seed.ts';
import { buildDemoAlumni, buildLastYearGraduates, DEMO_ALUMNI_COUNT, LAST_YEAR_GRADUATES, syntheticAlumnus } from './alumni.seed.ts';
import { seedDemoAlumni } from './alumni.service.ts';
import { listAlumni } from './alumni.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx)).toBe(true);
});
afterAll(() => t.close());

describe('alumni seed', () => {
  it('builds 150+ deterministic alumni in the demo departments, graduating 2005–2025, some private, some without email', () => {
    const list = buildDemoAlumni();
    expect(list.length).toBe(DEMO_ALUMNI_COUNT);
    expect(list.length).toBeGreaterThanOrEqual(150);
    expect(buildDemoAlumni()).toEqual(list);
    // Every department the college teaches today has graduates, and so have the two programmes older
    // batches graduated from (Information Technology and Chemical Engineering, not in Academics now).
    const departments = new Set([...DEMO_DEPARTMENTS.map(([, name]) => name), 'Information Technology', 'Chemical Engineering']);
    expect(new Set(list.map((a) => a.department))).toEqual(departments);
    const years = list.map((a) => a.graduationYear!);
    expect(Math.min(...years)).toBe(2005);
    expect(Math.max(...years)).toBe(2025);
    expect(list.filter((a) => a.visibility === 'private').length).toBeGreaterThan(10);
    expect(list.filter((a) => !a.email).length).toBeGreaterThan(10);
    expect(list.every((a) => a.experiences.length >= 1 && a.tags.length >= 1 && a.currentCompany && a.currentRole)).toBe(true);
    const emails = list.flatMap((a) => (a.email ? [a.email] : []));
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(list.map((a) => a.enrollmentNo)).size).toBe(list.length);
  });

  it("has last year's graduates as the rollover adds them: private, batch 2022-2026, one record each", () => {
    const list = buildLastYearGraduates();
    expect(list).toHaveLength(LAST_YEAR_GRADUATES);
    expect(list.every((a) => a.graduationYear === 2026 && a.batch === '2022-2026' && a.visibility === 'private' && a.currentCompany)).toBe(true);
    const keys = [...list, ...buildDemoAlumni()].flatMap((a) => [a.enrollmentNo, a.email].filter(Boolean));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is in the database after the demo seed, once, and the demo student sees only public profiles', async () => {
    const [count] = await queryRows<{ n: number; private: number }>(t.ctx.db, sql`select count(*)::int as n, count(*) filter (where visibility = 'private')::int as private from alumni`);
    expect(count!.n).toBe(DEMO_ALUMNI_COUNT + LAST_YEAR_GRADUATES);
    expect(await seedDemoAlumni(t.ctx)).toBe(false);
    const { token } = await login(t.app, 'student@demo.crs', DEMO_PASSWORD);
    const seen = await listAlumni(t, { authorization: `Bearer ${token}` }, { pageSize: 100 });
    expect(seen.body.total).toBe(count!.n - count!.private);
    const found = await listAlumni(t, { authorization: `Bearer ${token}` }, { q: 'infosys' });
    expect(found.body.total).toBeGreaterThan(0);
    expect(found.body.alumni.every((a) => a.visibility === 'public')).toBe(true);
  });

  it('bulk-seeds valid synthetic alumni with db:seed-alumni, numbering after an earlier run, found by search', async () => {
    expect(await COMMANDS['db:seed-alumni']!.run(t.ctx, ['--count', '600'])).toMatch(/^Added 600 alumni/);
    expect(await COMMANDS['db:seed-alumni']!.run(t.ctx, ['--count', '300'])).toMatch(/^Added 300 alumni/);
    const [r] = await queryRows<{ n: number; rolls: number; synthetic: number }>(
      t.ctx.db,
      sql`select count(*)::int as n, count(distinct lower(enrollment_no))::int as rolls, count(*) filter (where enrollment_no ~ 'S[0-9]{7}$')::int as synthetic from alumni`,
    );
    expect(r).toEqual({ n: DEMO_ALUMNI_COUNT + LAST_YEAR_GRADUATES + 900, rolls: DEMO_ALUMNI_COUNT + LAST_YEAR_GRADUATES + 900, synthetic: 900 });
    // The second run numbered after the first: the last one added is number 900, found by its name.
    const last = syntheticAlumnus(900);
    const { token } = await login(t.app, 'teacher@demo.crs', DEMO_PASSWORD);
    const found = await listAlumni(t, { authorization: `Bearer ${token}` }, { q: `${last.name} ${last.currentCompany}`, pageSize: 100 });
    expect(found.body.alumni.map((a) => a.enrollmentNo)).toContain(last.enrollmentNo);
    await expect(COMMANDS['db:seed-alumni']!.run(t.ctx, ['--count', '0'])).rejects.toThrow(/--count/);
  });
});
