import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Applicant, Eligibility, Job, StudentApplication } from '@crs/shared/schemas/placement';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const job = (id: string, company: string, extra: Partial<Job> = {}): Job => ({
  _id: id,
  company,
  role: 'Systems Engineer',
  description: 'Online test and an interview.',
  location: 'Mysuru',
  packageLpa: 3.6,
  eligibleDepartments: [],
  minCgpa: null,
  deadline: '2026-12-10',
  status: 'open',
  acceptingApplications: true,
  applicants: 0,
  myApplication: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

describe('/dashboard/student/placement', () => {
  it("says 'No job postings available' when there is nothing to apply to", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), { 'GET /placement/jobs': { body: { jobs: [] } }, 'GET /placement/applications/me': { body: { applications: [] } } });
    renderApp('/dashboard/student/placement');
    expect(await screen.findByRole('heading', { name: 'Placement Portal', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(MSG.noJobPostings)).toBeInTheDocument();
    expect(await screen.findByText('You have not applied to any drive yet.')).toBeInTheDocument();
  });

  const eligibility = (extra: Partial<Eligibility> = {}): Eligibility => ({
    eligible: true,
    accepting: { status: 'open', deadline: '2026-12-10', today: '2026-11-27', met: true },
    department: { required: [{ _id: 'd1', code: 'CSE', name: 'Computer Science and Engineering' }], yours: [{ _id: 'd1', code: 'CSE', name: 'Computer Science and Engineering' }], met: true },
    cgpa: { required: 6.5, yours: 8.12, met: true },
    ...extra,
  });
  const mine = (status: StudentApplication['status'], extra: Partial<StudentApplication> = {}): StudentApplication => ({
    _id: 'a1',
    status,
    appliedAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    resume: null,
    withdrawable: status === 'applied',
    job: { _id: 'j1', company: 'Infosys', role: 'Systems Engineer', location: 'Mysuru', packageLpa: 3.6, deadline: '2026-12-10', status: 'open' },
    ...extra,
  });

  it('confirms with the eligibility summary and a résumé, then stays on the portal with a toast and the new status', async () => {
    const applications: StudentApplication[] = [];
    const infosys = () =>
      job('j1', 'Infosys', { eligibleDepartments: [{ _id: 'd1', code: 'CSE', name: 'Computer Science and Engineering' }], minCgpa: 6.5, myApplication: applications[0] ? { ...applications[0] } : null });
    const freshworks = job('j2', 'Freshworks', { role: 'Software Engineer', packageLpa: 12, myApplication: { _id: 'a0', status: 'shortlisted', appliedAt: '2026-11-02T00:00:00.000Z', updatedAt: '2026-11-03T00:00:00.000Z', resume: null, withdrawable: false } });
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /placement/jobs': () => ({ body: { jobs: [infosys(), freshworks] } }),
      'GET /placement/applications/me': () => ({ body: { applications } }),
      'GET /placement/jobs/j1/eligibility': { body: { eligibility: eligibility() } },
      'POST /placement/jobs/j1/apply': () => {
        const resume = { _id: 'f1', filename: 'cv.pdf', mimeType: 'application/pdf', size: 9, url: '/api/v1/files/f1?t=1.x', createdAt: '2026-11-20T00:00:00.000Z' };
        applications.push(mine('applied', { resume }));
        return { status: 201, body: { message: MSG.jobApplied, application: applications[0] } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/student/placement');
    const card = await screen.findByRole('article', { name: 'Infosys, Systems Engineer' });
    expect(within(card).getByText('₹3.6 LPA')).toBeInTheDocument();
    expect(within(card).getByText('CSE · Min. CGPA 6.50')).toBeInTheDocument();
    const shortlisted = screen.getByRole('article', { name: 'Freshworks, Software Engineer' });
    expect(within(shortlisted).getByText('Shortlisted')).toBeInTheDocument();
    expect(within(shortlisted).queryByRole('button', { name: /Apply|Withdraw/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Apply to Infosys, Systems Engineer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Apply to Infosys, Systems Engineer?' });
    // The criteria beside the student's values, as the server judged them; nothing sent yet.
    const summary = await within(dialog).findByRole('table', { name: 'Eligibility' });
    expect(within(summary).getByRole('row', { name: /Applications open/ })).toHaveTextContent('Open, until 10 Dec 2026Today is 27 Nov 2026Met');
    expect(within(summary).getByRole('row', { name: /Department/ })).toHaveTextContent('CSECSEMet');
    expect(within(summary).getByRole('row', { name: /CGPA/ })).toHaveTextContent('At least 6.508.12Met');
    expect(within(dialog).getByText('You meet every criterion.')).toBeInTheDocument();
    expect(server.calls('POST /placement/jobs/j1/apply')).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText('Résumé (optional, PDF up to 2 MB)'), new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText(MSG.jobApplied)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard/student/placement');
    const [call] = server.calls('POST /placement/jobs/j1/apply');
    expect(call?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(String(call?.body)).toMatch(/name="resume"; filename="cv\.pdf"[\s\S]*%PDF-1\.4/);
    // The new status on the drive and in the list, with the résumé and a way back out.
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Infosys, Systems Engineer' })).getByText('Applied')).toBeInTheDocument());
    expect(within(screen.getByRole('article', { name: 'Infosys, Systems Engineer' })).getByRole('button', { name: 'Withdraw your application to Infosys, Systems Engineer' })).toBeInTheDocument();
    const row = await within(screen.getByRole('table', { name: 'My applications' })).findByRole('row', { name: /Infosys/ });
    expect(within(row).getByRole('link', { name: 'cv.pdf' })).toHaveAttribute('href', '/api/v1/files/f1?t=1.x');
  });

  it('shows what is not met and offers no submit; a refused résumé is named before sending', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /placement/jobs': { body: { jobs: [job('j1', 'Infosys', { minCgpa: 6.5 })] } },
      'GET /placement/applications/me': { body: { applications: [] } },
      'GET /placement/jobs/j1/eligibility': { body: { eligibility: eligibility({ eligible: false, department: { required: [], yours: [], met: true }, cgpa: { required: 6.5, yours: null, met: false } }) } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/student/placement');
    await user.click(await screen.findByRole('button', { name: 'Apply to Infosys, Systems Engineer' }));
    const dialog = await screen.findByRole('alertdialog');
    const summary = await within(dialog).findByRole('table', { name: 'Eligibility' });
    expect(within(summary).getByRole('row', { name: /Department/ })).toHaveTextContent('All departmentsNot enrolled in a section yetMet');
    expect(within(summary).getByRole('row', { name: /CGPA/ })).toHaveTextContent('At least 6.50No published results yetNot met');
    expect(within(dialog).getByText('You do not meet every criterion: the application would be refused.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit application' })).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Résumé (optional, PDF up to 2 MB)'), new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'cv.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByText('The résumé is too large: at most 2 MB')).toBeInTheDocument();
    expect(server.calls('POST /placement/jobs/j1/apply')).toHaveLength(0);
  });

  it("shows the server's refusal (deadline passed) in the dialog and stays", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /placement/jobs': { body: { jobs: [job('j1', 'Zoho')] } },
      'GET /placement/applications/me': { body: { applications: [] } },
      'GET /placement/jobs/j1/eligibility': { body: { eligibility: eligibility() } },
      'POST /placement/jobs/j1/apply': { status: 409, body: { message: MSG.jobDeadlinePassed, code: 'DEADLINE_PASSED' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/student/placement');
    await user.click(await screen.findByRole('button', { name: 'Apply to Zoho, Systems Engineer' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByRole('table', { name: 'Eligibility' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await within(dialog).findByText(MSG.jobDeadlinePassed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/student/placement');
    expect(server.calls('POST /placement/jobs/j1/apply')[0]?.body).toBeUndefined();
  });

  it('withdraws after a confirmation, with a toast and the new status', async () => {
    let application = mine('applied');
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /placement/jobs': () => ({ body: { jobs: [job('j1', 'Infosys', { myApplication: { ...application } })] } }),
      'GET /placement/applications/me': () => ({ body: { applications: [application] } }),
      'POST /placement/applications/a1/withdraw': () => {
        application = mine('withdrawn');
        return { body: { message: MSG.applicationWithdrawn, application } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/student/placement');
    const row = await within(await screen.findByRole('table', { name: 'My applications' })).findByRole('row', { name: /Infosys/ });
    await user.click(within(row).getByRole('button', { name: 'Withdraw your application to Infosys, Systems Engineer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this application?' });
    expect(dialog).toHaveTextContent('You can apply again until 10 Dec 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(MSG.applicationWithdrawn)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Infosys, Systems Engineer' })).getByText('Withdrawn')).toBeInTheDocument());
    // Withdrawn before the deadline: the drive may be applied to again.
    expect(screen.getByRole('button', { name: 'Apply to Infosys, Systems Engineer' })).toBeInTheDocument();
    expect(server.calls('POST /placement/applications/a1/withdraw')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard/student/placement');
  });
});

describe('/dashboard/placement (the cell)', () => {
  it('posts a job, lists applicants of a drive and shortlists one', async () => {
    const jobs: Job[] = [job('j1', 'Wipro', { applicants: 1 })];
    const applicant: Applicant = {
      _id: 'a1',
      status: 'applied',
      appliedAt: '2026-11-05T00:00:00.000Z',
      updatedAt: '2026-11-05T00:00:00.000Z',
      resume: { _id: 'f1', filename: 'Aarav CV.pdf', mimeType: 'application/pdf', size: 9, url: '/api/v1/files/f1?t=1.x', createdAt: '2026-11-05T00:00:00.000Z' },
      student: { _id: 's1', name: 'Aarav Sharma', email: 'student@demo.crs', studentId: 'STU1001', department: 'CSE' },
      cgpa: 8.12,
    };
    const withdrawn: Applicant = { ...applicant, _id: 'a2', status: 'withdrawn', resume: null, student: { _id: 's2', name: 'Diya Nair', email: 'diya@demo.crs', studentId: 'STU1002', department: 'ECE' }, cgpa: null };
    server = await signedInAs(makeUser({ roles: ['Staff'] }), {
      'GET /placement/jobs': () => ({ body: { jobs } }),
      'GET /placement/departments': { body: { departments: [{ _id: 'd1', code: 'CSE', name: 'Computer Science and Engineering' }, { _id: 'd2', code: 'ECE', name: 'Electronics and Communication Engineering' }] } },
      'POST /placement/jobs': (req) => {
        const saved = job('j2', (req.body as { company: string }).company);
        jobs.push(saved);
        return { status: 201, body: { message: MSG.jobCreated, job: saved } };
      },
      'GET /placement/jobs/j1/applications': () => ({ body: { job: jobs[0], applications: [applicant, withdrawn] } }),
      'PATCH /placement/applications/a1': (req) => {
        applicant.status = (req.body as { status: Applicant['status'] }).status;
        return { body: { message: MSG.applicationUpdated, application: applicant } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/placement');
    expect(await screen.findByRole('heading', { name: 'Placement Cell', level: 1 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post Job' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Post Job' }));
    expect(await within(dialog).findByText(MSG.jobCompanyRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.jobDeadlineInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Company'), 'Bosch Global Software Technologies');
    await user.type(within(dialog).getByLabelText('Role'), 'Associate Engineer');
    await user.type(within(dialog).getByLabelText('Package (LPA)'), '6.2');
    await user.type(within(dialog).getByLabelText('Minimum CGPA (optional)'), '7');
    await user.type(within(dialog).getByLabelText('Deadline'), '2026-12-20');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'ECE' }));
    await user.click(within(dialog).getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText(MSG.jobCreated)).toBeInTheDocument();
    expect(server.calls('POST /placement/jobs')[0]?.body).toEqual({
      company: 'Bosch Global Software Technologies',
      role: 'Associate Engineer',
      description: '',
      location: '',
      packageLpa: 6.2,
      minCgpa: 7,
      deadline: '2026-12-20',
      status: 'open',
      eligibleDepartmentIds: ['d2'],
    });

    await user.click(screen.getByRole('button', { name: '1 applicant of Wipro: view' }));
    expect(await screen.findByRole('heading', { name: 'Applicants: Wipro, Systems Engineer' })).toBeInTheDocument();
    const status = await screen.findByRole('combobox', { name: 'Status of Aarav Sharma' });
    expect(screen.getByText('8.12')).toBeInTheDocument();
    // The résumé opens through its signed link; a withdrawal is shown, not offered as a choice.
    expect(screen.getByRole('link', { name: 'Aarav CV.pdf, résumé of Aarav Sharma (opens in a new tab)' })).toHaveAttribute('href', '/api/v1/files/f1?t=1.x');
    const diya = screen.getByRole('row', { name: /Diya Nair/ });
    expect(within(diya).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(diya).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(status).queryByRole('option', { name: 'Withdrawn' })).not.toBeInTheDocument();
    await user.selectOptions(status, 'shortlisted');
    expect(await screen.findByText(MSG.applicationUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /placement/applications/a1')[0]?.body).toEqual({ status: 'shortlisted' });
  });
});
