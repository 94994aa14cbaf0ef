// Issue 25 item 7 (and its part of item 5): before applying a student reads the eligibility check as
// the server judges it; a résumé (PDF by content, ≤ 2 MiB) goes with the application in one request
// and one transaction, and only the student and the placement cell may open it; the student may
// withdraw until the deadline; every status change after applying is in the audit log.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { auditListResponse } from '@crs/shared/schemas/audit';
import { applicantsResponse, applyResponse, eligibilityResponse, jobResponse, jobsResponse, myApplicationsResponse } from '@crs/shared/schemas/placement';
import type { Job } from '@crs/shared/schemas/placement';
import { apiOn, createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, multipart, one } from '../../../test/util.ts';
import { sql } from 'drizzle-orm';
import { addDays, collegeClock } from '../../lib/time.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

const PDF = readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/files/marks.pdf'));
const MiB = 1024 * 1024;

let t: TestApp;
let admin: Auth;
let staff: Awaited<ReturnType<typeof loginAs>>;
let superAdmin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
  staff = await loginAs(t, ['Staff']);
  superAdmin = (await loginAs(t, ['SuperAdmin'])).auth;
});
afterAll(() => t.close());

const today = () => collegeClock(t.ctx.config.timeZone).date;
const api = apiOn(() => t.app);
async function postJob(body: Record<string, unknown> = {}): Promise<Job> {
  const res = await api('POST', '/placement/jobs', staff.auth, { company: `Acme ${Math.random().toString(36).slice(2, 8)}`, role: 'Graduate Engineer', packageLpa: 6, deadline: addDays(today(), 7), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return jobResponse.parse(res.json()).job;
}
/** A student enrolled in a section of a fresh department (no published results: no CGPA). */
async function student() {
  const c = await assignmentFixture(t, admin, (await person(t, 'Teacher')).user.id, 1);
  return { ...c.students[0]!, department: c.department };
}
function applyWith(auth: Auth, jobId: string, content: Buffer | string | undefined, filename = 'resume.pdf', ip = '203.0.113.7') {
  const form = multipart(content, filename);
  return t.app.inject({ method: 'POST', url: `/api/v1/placement/jobs/${jobId}/apply`, headers: { ...auth, ...form.headers }, payload: form.payload, remoteAddress: ip });
}
const withdraw = (auth: Auth, id: string, ip = '203.0.113.8') => t.app.inject({ method: 'POST', url: `/api/v1/placement/applications/${id}/withdraw`, headers: auth, remoteAddress: ip });
const applicationCount = (jobId: string) => countRows(t.ctx, 'placement_applications', `job_id = '${jobId}'`);
const resumeFiles = () => countRows(t.ctx, 'files', `purpose = 'resume'`);
async function statusEntries(applicationId: string) {
  const res = await api('GET', '/audit?action=placement.status_changed&pageSize=100', superAdmin);
  expect(res.statusCode, res.body).toBe(200);
  return auditListResponse.parse(res.json()).entries.filter((e) => e.target?.id === applicationId);
}
/** Moves a job's deadline into the past (the cell could not: its form keeps deadlines honest, and the test must not wait a day). */
const pastDeadline = (jobId: string) => t.ctx.db.execute(sql`update placement_jobs set deadline = ${addDays(today(), -1)} where id = ${jobId}`);

describe('placement: eligibility, résumé, withdrawal, audit', () => {
  it("shows each criterion beside the student's own value, judged as applying judges it", async () => {
    const s = await student();
    const open = await postJob({ eligibleDepartmentIds: [s.department._id] });
    const res = await api('GET', `/placement/jobs/${open._id}/eligibility`, s.auth);
    expect(res.statusCode, res.body).toBe(200);
    const dept = { _id: s.department._id, code: s.department.code, name: s.department.name };
    expect(eligibilityResponse.parse(res.json()).eligibility).toEqual({
      eligible: true,
      accepting: { status: 'open', deadline: open.deadline, today: today(), met: true },
      department: { required: [dept], yours: [dept], met: true },
      cgpa: { required: null, yours: null, met: true },
    });
    // A minimum CGPA without published results: not eligible, and applying says so.
    const strict = await postJob({ minCgpa: 6.5 });
    const judged = eligibilityResponse.parse((await api('GET', `/placement/jobs/${strict._id}/eligibility`, s.auth)).json()).eligibility;
    expect(judged).toMatchObject({ eligible: false, cgpa: { required: 6.5, yours: null, met: false }, department: { required: [], met: true } });
    expect((await api('POST', `/placement/jobs/${strict._id}/apply`, s.auth)).json().message).toBe(MSG.jobCgpaMissing);
    const late = await postJob({ deadline: addDays(today(), -1) });
    expect(eligibilityResponse.parse((await api('GET', `/placement/jobs/${late._id}/eligibility`, s.auth)).json()).eligibility).toMatchObject({ eligible: false, accepting: { met: false } });

    expect((await api('GET', `/placement/jobs/${open._id}/eligibility`, staff.auth)).statusCode).toBe(403);
    expect((await api('GET', `/placement/jobs/${open._id}/eligibility`, {})).statusCode).toBe(401);
    expect((await api('GET', '/placement/jobs/00000000-0000-4000-8000-000000000000/eligibility', s.auth)).statusCode).toBe(404);
    expect((await api('GET', '/placement/jobs/nope/eligibility', s.auth)).statusCode).toBe(400);
  });

  it('keeps a résumé with the application in one request; the cell opens it, another student cannot', async () => {
    const s = await student();
    const job = await postJob();
    const res = await applyWith(s.auth, job._id, PDF, 'My CV.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const { application } = applyResponse.parse(res.json());
    expect(application).toMatchObject({ status: 'applied', withdrawable: true, resume: { filename: 'My CV.pdf', mimeType: 'application/pdf', size: PDF.length } });

    // The cell sees it on the applicant and opens it: with its token, and through the signed link it was given.
    const listed = applicantsResponse.parse((await api('GET', `/placement/jobs/${job._id}/applications`, staff.auth)).json()).applications[0]!;
    expect(listed.resume).toMatchObject({ _id: application.resume!._id, filename: 'My CV.pdf' });
    const fileUrl = `/api/v1/files/${listed.resume!._id}`;
    const byCell = await t.app.inject({ url: fileUrl, headers: staff.auth });
    expect(byCell.statusCode).toBe(200);
    expect(byCell.rawPayload.equals(PDF)).toBe(true);
    expect(byCell.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ url: listed.resume!.url })).statusCode).toBe(200);
    // The student who sent it may open it; another student, a teacher and nobody may not.
    expect((await t.app.inject({ url: fileUrl, headers: s.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: fileUrl, headers: (await loginAs(t, ['Student'])).auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: fileUrl, headers: (await loginAs(t, ['Teacher'])).auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(401);
    // The student's own lists carry it too.
    const mine = myApplicationsResponse.parse((await api('GET', '/placement/applications/me', s.auth)).json()).applications;
    expect(mine.find((a) => a._id === application._id)?.resume?._id).toBe(application.resume!._id);
    const jobs = jobsResponse.parse((await api('GET', '/placement/jobs', s.auth)).json()).jobs;
    expect(jobs.find((j) => j._id === job._id)?.myApplication).toMatchObject({ _id: application._id, resume: { filename: 'My CV.pdf' } });

    // Without a résumé (no body, or a form without a file) the application goes as before.
    const other = await student();
    const plain = await api('POST', `/placement/jobs/${job._id}/apply`, other.auth);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().application.resume).toBeNull();
    const third = await student();
    expect((await applyWith(third.auth, job._id, undefined)).json()).toMatchObject({ application: { resume: null } });
  });

  it('refuses a résumé that is not a PDF by its content, or too large, and then writes nothing', async () => {
    const s = await student();
    const job = await postJob();
    const filesBefore = await resumeFiles();
    const notPdf = await applyWith(s.auth, job._id, '#!/bin/sh\necho hi\n', 'resume.pdf');
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: MSG.fileTypeRefused('PDF') });
    // A PNG named .pdf is still a PNG.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b3e3c70000000049454e44ae426082', 'hex');
    expect((await applyWith(s.auth, job._id, png, 'resume.pdf')).statusCode).toBe(415);
    const big = Buffer.concat([PDF, Buffer.alloc(2 * MiB)]);
    const tooBig = await applyWith(s.auth, job._id, big, 'resume.pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('FILE_TOO_LARGE');
    expect(await applicationCount(job._id)).toBe(0);
    expect(await resumeFiles()).toBe(filesBefore);
    // Nothing half-written: the student can still apply, once.
    expect((await applyWith(s.auth, job._id, PDF)).statusCode).toBe(201);
    const again = await applyWith(s.auth, job._id, PDF);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.jobAlreadyApplied);
    expect(await applicationCount(job._id)).toBe(1);
    expect(await resumeFiles()).toBe(filesBefore + 1);
  });

  it('lets the student withdraw until the deadline, records it, and takes a new application after', async () => {
    const s = await student();
    const job = await postJob();
    const applied = applyResponse.parse((await applyWith(s.auth, job._id, PDF)).json()).application;
    const stranger = await student();
    expect((await withdraw(stranger.auth, applied._id)).statusCode).toBe(404);
    expect((await withdraw(staff.auth, applied._id)).statusCode).toBe(403);

    const res = await withdraw(s.auth, applied._id, '203.0.113.44');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.applicationWithdrawn, application: { _id: applied._id, status: 'withdrawn', withdrawable: false } });
    const again = await withdraw(s.auth, applied._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.applicationAlreadyWithdrawn);
    // The cell sees the withdrawal, no longer counts it, and cannot change it.
    const list = applicantsResponse.parse((await api('GET', `/placement/jobs/${job._id}/applications`, staff.auth)).json());
    expect(list.job.applicants).toBe(0);
    expect(list.applications[0]).toMatchObject({ _id: applied._id, status: 'withdrawn' });
    const patched = await api('PATCH', `/placement/applications/${applied._id}`, staff.auth, { status: 'selected' });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().message).toBe(MSG.applicationWithdrawnByStudent);
    expect((await api('PATCH', `/placement/applications/${applied._id}`, staff.auth, { status: 'withdrawn' })).statusCode).toBe(400);

    const [entry] = await statusEntries(applied._id);
    expect(entry).toMatchObject({
      action: 'placement.status_changed',
      actor: { id: s.user.id, email: s.user.email },
      ip: '203.0.113.44',
      target: { type: 'placement application', id: applied._id, label: `${job.company} — ${job.role}: ${s.user.name} <${s.user.email}>` },
      changes: { status: { from: 'applied', to: 'withdrawn' } },
    });

    // Applying again takes the same application up, with the new résumé; the old one is gone.
    const back = await applyWith(s.auth, job._id, PDF, 'cv-v2.pdf');
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().application).toMatchObject({ _id: applied._id, status: 'applied', resume: { filename: 'cv-v2.pdf' } });
    expect((await t.app.inject({ url: `/api/v1/files/${applied.resume!._id}`, headers: staff.auth })).statusCode).toBe(404);
    expect((await statusEntries(applied._id)).map((e) => e.changes.status)).toEqual([
      { from: 'withdrawn', to: 'applied' },
      { from: 'applied', to: 'withdrawn' },
    ]);

    // After the deadline: 409 with the reason, nothing changes, nothing is recorded.
    await pastDeadline(job._id);
    const late = await withdraw(s.auth, applied._id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'DEADLINE_PASSED', message: MSG.withdrawDeadlinePassed });
    expect((await one<{ status: string }>(t.ctx, sql`select status from placement_applications where id = ${applied._id}`)).status).toBe('applied');
    expect(myApplicationsResponse.parse((await api('GET', '/placement/applications/me', s.auth)).json()).applications.find((a) => a._id === applied._id)).toMatchObject({ withdrawable: false });
    expect(await statusEntries(applied._id)).toHaveLength(2);
  });

  it("records the cell's status changes with actor, address and before/after; a decided application cannot be withdrawn", async () => {
    const s = await student();
    const job = await postJob();
    const applied = applyResponse.parse((await api('POST', `/placement/jobs/${job._id}/apply`, s.auth)).json()).application;
    const set = (status: string, ip: string) => t.app.inject({ method: 'PATCH', url: `/api/v1/placement/applications/${applied._id}`, headers: staff.auth, payload: { status }, remoteAddress: ip });
    expect((await set('shortlisted', '198.51.100.21')).statusCode).toBe(200);
    expect((await set('shortlisted', '198.51.100.22')).statusCode).toBe(200); // no change: no entry
    expect((await set('selected', '198.51.100.23')).statusCode).toBe(200);
    const entries = await statusEntries(applied._id);
    expect(entries.map((e) => [e.changes.status, e.ip, e.actor.id])).toEqual([
      [{ from: 'shortlisted', to: 'selected' }, '198.51.100.23', staff.user.id],
      [{ from: 'applied', to: 'shortlisted' }, '198.51.100.21', staff.user.id],
    ]);
    expect(entries[0]!.target?.label).toBe(`${job.company} — ${job.role}: ${s.user.name} <${s.user.email}>`);

    const decided = await withdraw(s.auth, applied._id);
    expect(decided.statusCode).toBe(409);
    expect(decided.json().message).toBe(MSG.applicationDecided('selected'));
  });
});
