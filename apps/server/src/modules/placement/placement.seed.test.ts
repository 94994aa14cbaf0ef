// The demo notice board and placement season (issue 13 item 7): what the demo accounts see at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '@crs/shared/schemas/notices';
import type { Job, StudentApplication } from '@crs/shared/schemas/placement';
import { createTestApp, login } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, rows } from '../../../test/util.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { DEMO_NOTICES } from '../notices/notices.seed.ts';
import { DEMO_JOBS } from './placement.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.ctx)).toBe(true);
}, 120_000);
afterAll(() => t.close());

const as = async (email: string) => ({ authorization: `Bearer ${(await login(t.app, email, DEMO_PASSWORD)).token}` });
const get = async (url: string, email: string) => {
  const res = await t.app.inject({ url: `/api/v1${url}`, headers: await as(email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('notices and placement demo seed', () => {
  it('publishes a dozen notices, some pinned, two expired, for several audiences', async () => {
    expect(await countRows(t.ctx, 'notices')).toBe(DEMO_NOTICES.length);
    expect(DEMO_NOTICES.length).toBeGreaterThanOrEqual(12);
    const { notices, unread } = (await get('/notices', 'student@demo.crs')) as { notices: Notice[]; unread: number };
    const titles = notices.map((n) => n.title);
    // The demo student (CSE-3A) gets the CSE and CSE-3A notices, not ECE's, the faculty's or the expired ones.
    expect(titles).toContain('CSE department: guest lecture on cloud-native systems');
    expect(titles).toContain('CSE-3A: Data Structures lab moved to Lab 3');
    expect(titles).not.toContain('ECE department: industrial visit to BEL, Bengaluru');
    expect(titles).not.toContain('Faculty meeting: academic audit preparation');
    expect(titles).not.toContain('Holiday: college closed for Gandhi Jayanti');
    expect(notices.filter((n) => n.pinned).length).toBeGreaterThanOrEqual(2);
    expect(notices.slice(0, notices.filter((n) => n.pinned).length).every((n) => n.pinned)).toBe(true);
    expect(unread).toBe(notices.length);
    const faculty = ((await get('/notices', 'teacher@demo.crs')) as { notices: Notice[] }).notices.map((n) => n.title);
    expect(faculty).toContain('Faculty meeting: academic audit preparation');
    expect(faculty).not.toContain('Fee payment deadline for the odd semester');
  });

  it('posts the drives with varied eligibility and a few applications the demo student can see', async () => {
    expect(await countRows(t.ctx, 'placement_jobs')).toBe(DEMO_JOBS.length);
    expect(await countRows(t.ctx, 'placement_applications')).toBeGreaterThanOrEqual(10);
    const jobs = ((await get('/placement/jobs', 'student@demo.crs')) as { jobs: Job[] }).jobs.map((j) => j.company);
    expect(jobs).toEqual(expect.arrayContaining(['Infosys', 'Wipro', 'Freshworks']));
    // Another department's drives, one past its deadline and a closed one are never offered; the CGPA
    // bars follow the demo student's seeded results (CSE, CGPA ≈ 8.7: Zoho's 7 and Amazon's 8 are met).
    for (const absent of ['Larsen & Toubro Construction', 'Bosch Global Software Technologies', 'Tata Motors', 'Cognizant']) expect(jobs).not.toContain(absent);
    const { cgpa } = (await get('/results/me', 'student@demo.crs')) as { cgpa: number | null };
    expect(cgpa).not.toBeNull();
    for (const [company, min] of [['Tata Consultancy Services', 6], ['Zoho', 7], ['Amazon', 8]] as const) {
      if (cgpa! >= min) expect(jobs).toContain(company);
      else expect(jobs).not.toContain(company);
    }
    const mine = ((await get('/placement/applications/me', 'student@demo.crs')) as { applications: StudentApplication[] }).applications;
    expect(Object.fromEntries(mine.map((a) => [a.job.company, a.status]))).toEqual({ Infosys: 'shortlisted', Freshworks: 'applied' });
    // Each seeded application carries the applicant's CGPA as applying would have recorded it, and
    // the applications were made over the last days, not all at the moment of seeding.
    const recorded = await rows<{ cgpa: string | null; days: number }>(t.ctx, sql`select a.cgpa, extract(day from now() - a.applied_at)::int as days from placement_applications a join users u on u.id = a.student_id where u.email = 'student@demo.crs'`);
    expect(recorded.map((r) => Number(r.cgpa))).toEqual([cgpa, cgpa]);
    expect(recorded.every((r) => r.days >= 1 && r.days <= 7)).toBe(true);
    expect((await get('/stats/overview', 'admin@demo.crs')).openJobs).toBe(DEMO_JOBS.filter((j) => j.deadlineIn >= 0 && j.status !== 'closed').length);
  });
});
