import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Applicant, Job, StudentApplication } from '@crs/shared/schemas/placement';
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

  it('applies to a drive and lands on the success page; an applied drive shows its status', async () => {
    const applications: StudentApplication[] = [];
    const infosys = job('j1', 'Infosys', { eligibleDepartments: [{ _id: 'd1', code: 'CSE', name: 'Computer Science and Engineering' }], minCgpa: 6.5 });
    const freshworks = job('j2', 'Freshworks', { role: 'Software Engineer', packageLpa: 12, myApplication: { _id: 'a0', status: 'shortlisted', appliedAt: '2026-11-02T00:00:00.000Z', updatedAt: '2026-11-03T00:00:00.000Z', resume: null, withdrawable: true } });
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /placement/jobs': () => ({ body: { jobs: [infosys, freshworks] } }),
      'GET /placement/applications/me': () => ({ body: { applications } }),
      'POST /placement/jobs/j1/apply': () => {
        const application = { _id: 'a1', status: 'applied' as const, appliedAt: '2026-11-20T00:00:00.000Z', updatedAt: '2026-11-20T00:00:00.000Z', resume: null, withdrawable: true, job: { _id: 'j1', company: 'Infosys', role: 'Systems Engineer', location: 'Mysuru', packageLpa: 3.6, deadline: '2026-12-10', status: 'open' as const } };
        applications.push(application);
        return { status: 201, body: { message: MSG.jobApplied, application } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/student/placement');
    const card = await screen.findByRole('article', { name: 'Infosys, Systems Engineer' });
    expect(within(card).getByText('₹3.6 LPA')).toBeInTheDocument();
    expect(within(card).getByText('CSE · Min. CGPA 6.50')).toBeInTheDocument();
    const shortlisted = screen.getByRole('article', { name: 'Freshworks, Software Engineer' });
    expect(within(shortlisted).getByText('Shortlisted')).toBeInTheDocument();
    expect(within(shortlisted).queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Apply to Infosys, Systems Engineer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation'));
    expect(await screen.findByText('Action completed successfully!')).toBeInTheDocument();
    expect(server.calls('POST /placement/jobs/j1/apply')).toHaveLength(1);
  });

  it("shows the server's refusal (deadline passed) and stays", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /placement/jobs': { body: { jobs: [job('j1', 'Zoho')] } },
      'GET /placement/applications/me': { body: { applications: [] } },
      'POST /placement/jobs/j1/apply': { status: 409, body: { message: MSG.jobDeadlinePassed, code: 'DEADLINE_PASSED' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/student/placement');
    await user.click(await screen.findByRole('button', { name: 'Apply to Zoho, Systems Engineer' }));
    expect(await screen.findByText(MSG.jobDeadlinePassed)).toBeInTheDocument();
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
      resume: null,
      student: { _id: 's1', name: 'Aarav Sharma', email: 'student@demo.crs', studentId: 'STU1001', department: 'CSE' },
      cgpa: 8.12,
    };
    server = await signedInAs(makeUser({ roles: ['Staff'] }), {
      'GET /placement/jobs': () => ({ body: { jobs } }),
      'GET /placement/departments': { body: { departments: [{ _id: 'd1', code: 'CSE', name: 'Computer Science and Engineering' }, { _id: 'd2', code: 'ECE', name: 'Electronics and Communication Engineering' }] } },
      'POST /placement/jobs': (req) => {
        const saved = job('j2', (req.body as { company: string }).company);
        jobs.push(saved);
        return { status: 201, body: { message: MSG.jobCreated, job: saved } };
      },
      'GET /placement/jobs/j1/applications': () => ({ body: { job: jobs[0], applications: [applicant] } }),
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
    await user.selectOptions(status, 'shortlisted');
    expect(await screen.findByText(MSG.applicationUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /placement/applications/a1')[0]?.body).toEqual({ status: 'shortlisted' });
  });
});
