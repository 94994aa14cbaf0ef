import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes, formatUptime } from '@/features/analytics/components/system-cards';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const overview = { students: 1234, teachers: 56, staff: 7, librarians: 1, admins: 2, pendingApprovals: 0, totalUsers: 1300, openJobs: 9 };

/** A small accounts API: pending sign-ups can be approved or rejected; counters and lists follow. */
async function accountsApi(role: 'Admin' | 'SuperAdmin') {
  const tom = makeUser({ name: 'Tom Teach', email: 'tom@x.test', roles: ['Teacher'], status: 'pending' });
  const sue = makeUser({ name: 'Sue Staff', email: 'sue@x.test', roles: ['Staff'], status: 'pending' });
  const users = [tom, sue, makeUser({ name: 'Asha Rao', roles: ['Student'], studentId: 'S-2024-001', department: 'Physics' })];
  const byStatus = (req: RecordedRequest) => {
    const list = users.filter((u) => u.status === (req.query.get('status') ?? u.status));
    return { body: { users: list, total: list.length } };
  };
  return signedInAs(makeUser({ roles: [role], name: 'Ada Admin' }), {
    'GET /stats/overview': () => ({ body: { ...overview, pendingApprovals: users.filter((u) => u.status === 'pending').length } }),
    'GET /stats/system': { body: { uptimeSeconds: 7384, databaseBytes: 5 * 1024 * 1024, activeSessions: 3, database: 'pglite' } },
    'GET /users': byStatus,
    [`POST /users/${tom._id}/approve`]: () => {
      tom.status = 'active';
      return { delayMs: 100, body: { message: 'Account approved', user: tom } };
    },
    [`POST /users/${sue._id}/reject`]: () => {
      users.splice(users.indexOf(sue), 1);
      return { body: { message: 'Sign-up rejected' } };
    },
  });
}

describe('Admin dashboard', () => {
  it('shows the welcome, live counters and the recent accounts', async () => {
    server = await accountsApi('Admin');
    renderApp('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Admin' })).toBeInTheDocument();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Students')).toBeInTheDocument();
    expect(screen.getByText('56')).toBeInTheDocument();
    // 'Open Jobs' is live (GET /stats/overview openJobs) and leads to the placement cell.
    expect(screen.getByText('Open Jobs').parentElement).toHaveTextContent('9');
    expect(screen.getByRole('link', { name: 'Manage drives' })).toHaveAttribute('href', '/dashboard/placement');
    const recent = (await screen.findByRole('heading', { name: 'Recent Accounts' })).closest('div')!.parentElement!;
    const table = await within(recent).findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Id', 'Name', 'Role', 'Department']);
    expect(within(table).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(table).getByText('S-2024-001')).toBeInTheDocument();
    expect(within(table).getByText('Physics')).toBeInTheDocument();
    expect(server.calls('GET /users').some((r) => r.query.get('status') === 'active')).toBe(true);
  });

  it('approves a pending sign-up with a toast and refreshes the lists', async () => {
    server = await accountsApi('Admin');
    const user = userEvent.setup();
    renderApp('/dashboard/admin');
    const approve = await screen.findByRole('button', { name: 'Approve Tom Teach' });
    await user.click(approve);
    expect(await screen.findByText("Approved Tom Teach's account")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Tom Teach' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Pending approvals' })).getByText('Sue Staff')).toBeInTheDocument();
  });

  it('rejects after the confirmation dialog', async () => {
    server = await accountsApi('Admin');
    const user = userEvent.setup();
    renderApp('/dashboard/admin');
    await user.click(await screen.findByRole('button', { name: 'Reject Sue Staff' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText("Rejected Sue Staff's sign-up")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sue Staff')).not.toBeInTheDocument());
  });
});

describe('SuperAdmin dashboard', () => {
  it("shows 'System overview' with uptime, DB size and active sessions", async () => {
    server = await accountsApi('SuperAdmin');
    renderApp('/dashboard/superadmin');
    expect(await screen.findByRole('heading', { name: 'System overview' })).toBeInTheDocument();
    expect(await screen.findByText('2h 3m')).toBeInTheDocument();
    expect(screen.getByText('5.0 MB')).toBeInTheDocument();
    expect(screen.getByText('API uptime')).toBeInTheDocument();
    expect(screen.getByText('Active sessions')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Approve Tom Teach' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the audit log' })).toHaveAttribute('href', '/dashboard/superadmin/logs');
  });

  it('formats uptime and bytes', () => {
    expect(formatUptime(42)).toBe('42s');
    expect(formatUptime(65)).toBe('1m 5s');
    expect(formatUptime(90_061)).toBe('1d 1h');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});

describe('Staff dashboard', () => {
  it("shows 'Welcome back' with Open Tasks counted by the server", async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'], name: 'Sue Staff' }), { 'GET /stats/tasks': { body: { pendingApprovals: 3, overdueLoans: 1, expiringNotices: 2, applicationsToReview: 1 } } });
    renderApp('/dashboard/staff');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    const tasks = await screen.findByRole('region', { name: 'Open Tasks' });
    expect(await within(tasks).findByText('accounts waiting for approval')).toBeInTheDocument();
    expect(within(tasks).getByText('3')).toBeInTheDocument();
    expect(within(tasks).getByText('library loan overdue')).toBeInTheDocument();
    expect(within(tasks).getByRole('link', { name: 'Overdue report' })).toHaveAttribute('href', '/dashboard/staff/reports');
    expect(within(tasks).getByText('notices expiring within 7 days')).toBeInTheDocument();
    expect(within(tasks).getByRole('link', { name: 'Manage notices' })).toHaveAttribute('href', '/dashboard/staff/notices');
    expect(within(tasks).getByText('placement application to review')).toBeInTheDocument();
    expect(within(tasks).getByRole('link', { name: 'Placement cell' })).toHaveAttribute('href', '/dashboard/placement');
  });

  it("links 'accounts waiting for approval' to the approvals for an Admin or SuperAdmin, and says who approves to Staff", async () => {
    const tasks = { 'GET /stats/tasks': { body: { pendingApprovals: 2, overdueLoans: 0, expiringNotices: 0, applicationsToReview: 0 } } };
    for (const [role, href] of [
      ['Admin', '/dashboard/admin#pending-approvals'],
      ['SuperAdmin', '/dashboard/superadmin#pending-approvals'],
      ['Staff', null],
    ] as const) {
      server = await signedInAs(makeUser({ roles: [role] }), tasks);
      const view = renderApp('/dashboard/staff');
      const region = await screen.findByRole('region', { name: 'Open Tasks' });
      const item = (await within(region).findByText('accounts waiting for approval')).closest('li')!;
      if (href) {
        expect(within(item).getByRole('link', { name: 'Review sign-ups' })).toHaveAttribute('href', href);
        expect(within(item).queryByText('An Admin or SuperAdmin approves them')).not.toBeInTheDocument();
      } else {
        expect(within(item).queryByRole('link')).not.toBeInTheDocument();
        expect(within(item).getByText('An Admin or SuperAdmin approves them')).toBeInTheDocument();
      }
      view.unmount();
      await server.close();
      server = undefined;
    }
  });

  it('says so when nothing is waiting', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }), { 'GET /stats/tasks': { body: { pendingApprovals: 0, overdueLoans: 0, expiringNotices: 0, applicationsToReview: 0 } } });
    renderApp('/dashboard/staff');
    expect(await screen.findByText('Nothing is waiting for you.')).toBeInTheDocument();
  });
});

describe('other dashboards', () => {
  it('Teacher: welcome with the name (default Teacher) and the quick actions', async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'], name: '' }));
    renderApp('/dashboard/teacher');
    expect(await screen.findByRole('heading', { name: 'Welcome, Teacher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter Exam Details' })).toHaveAttribute('href', '/dashboard/teacher/exams');
    expect(screen.getByRole('link', { name: 'Upload Marks CSV' })).toHaveAttribute('href', '/dashboard/teacher/marks');
    expect(screen.getByRole('link', { name: 'Upload Research Paper' })).toHaveAttribute('href', '/dashboard/teacher/research');
    expect(screen.getByRole('link', { name: 'Edit Profile and Achievements' })).toHaveAttribute('href', '/dashboard/teacher/profile');
  });

  it('Student: welcome and no sample numbers', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'], name: 'Sam' }));
    renderApp('/dashboard/student');
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
    expect(screen.queryByText('87%')).not.toBeInTheDocument();
    expect(screen.queryByText('8.72')).not.toBeInTheDocument();
  });

  it('Student: Check Notices goes to the notices; upcoming deadlines list the drives still open to them', async () => {
    const job = (id: string, company: string, deadline: string, extra: object = {}) => ({
      _id: id, company, role: 'Systems Engineer', description: '', location: '', packageLpa: 3.6, eligibleDepartments: [], minCgpa: null,
      deadline, status: 'open', acceptingApplications: true, applicants: 0, myApplication: null, createdAt: '2026-11-01T00:00:00.000Z', ...extra,
    });
    server = await signedInAs(makeUser({ roles: ['Student'], name: 'Sam' }), {
      'GET /placement/jobs': {
        body: {
          jobs: [
            job('j1', 'Wipro', '2026-12-20'),
            job('j2', 'Infosys', '2026-12-05'),
            job('j3', 'Freshworks', '2026-12-01', { myApplication: { _id: 'a1', status: 'applied', appliedAt: '2026-11-02T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z' } }),
          ],
        },
      },
      'GET /assesment/exams/upcoming': { body: { exams: [] } },
      'GET /library/loans': { body: { loans: [], total: 0 } },
    });
    renderApp('/dashboard/student');
    expect(await screen.findByRole('link', { name: 'Check Notices' })).toHaveAttribute('href', '/dashboard/student/notices');
    const list = await screen.findByRole('list', { name: 'Upcoming Deadlines' });
    expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual(['Infosys: Systems Engineer', 'Wipro: Systems Engineer']);
    expect(within(list).getByText('5 Dec 2026')).toBeInTheDocument();
  });
});

describe('Admin and SuperAdmin on the student dashboard (issue 25)', () => {
  /** The by-student endpoints of one student; the student-only ones stay unregistered (404 if called). */
  function studentApi(role: 'Admin' | 'SuperAdmin') {
    const asha = makeUser({ name: 'Asha Rao', roles: ['Student'], studentId: 'STU000123', department: 'Physics' });
    const other = makeUser({ name: 'Ravi Kumar', roles: ['Student'], studentId: 'STU000124', department: 'Physics' });
    const attendance = {
      studentId: asha._id,
      name: 'Asha Rao',
      rollNumber: 'STU000123',
      overall: { attended: 18, marked: 20, att: 90, belowThreshold: false },
      bySubject: [],
      threshold: 75,
    };
    const book = { _id: 'b1', title: 'Signals and Systems', authors: ['A. Oppenheim'], subjects: [], publisher: null, year: null, isbn: null, tags: [], copiesAvailable: 1, copiesTotal: 2 };
    const loan = {
      _id: 'l1', bookId: 'b1', book, userId: asha._id, member: null, status: 'on-loan', issuedAt: '2026-11-20T10:00:00.000Z', dueOn: '2026-12-04T10:00:00.000Z',
      returnedAt: null, renewals: 0, daysOverdue: 0, fine: 0, fineStatus: 'none', fineSettledAt: null, fineSettledBy: null,
    };
    const exam = { _id: 'e1', name: 'Mid-term', kind: 'mid-term', date: '2026-12-02', maxMarks: 50, subjectCode: 'PH301', subjectName: 'Optics', section: 'PH-3A' };
    return signedInAs(makeUser({ roles: [role], name: 'Ada Admin' }), {
      'GET /users': (req) => {
        const q = (req.query.get('q') ?? '').toLowerCase();
        const list = [asha, other].filter((u) => !q || u.name.toLowerCase().includes(q) || (u.studentId ?? '').toLowerCase().includes(q));
        return { body: { users: list, total: list.length } };
      },
      'GET /attendance/students/STU000123': { body: attendance },
      'GET /results/students/STU000123': { body: { scale: [], subjects: [], semesters: [], cgpa: 8.4 } },
      'GET /assesment/students/STU000123/upcoming': { body: { exams: [exam] } },
      'GET /library/students/STU000123/loans': { body: { loans: [loan], total: 1 } },
      'GET /library/students/STU000123/summary': { body: { activeLoans: 1, overdueLoans: 0, dueSoon: 0 } },
    });
  }

  // The student-only endpoints, and the caller's own loans (the header bell reads the caller's /library/summary on its own).
  const STUDENT_ONLY_CALLS = ['GET /attendance/me', 'GET /results/me', 'GET /assesment/exams/upcoming', 'GET /library/loans'];

  for (const role of ['Admin', 'SuperAdmin'] as const) {
    it(`${role}: picks a student by student ID, then sees that student's dashboard read-only`, async () => {
      server = await studentApi(role);
      const { router } = renderApp('/dashboard/student');
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada Admin' })).toBeInTheDocument();
      expect(screen.getByText('Student Dashboard')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Choose a student' })).toBeInTheDocument();
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search students' }), 'stu000123');
      await waitFor(() => expect(server!.calls('GET /users').some((r) => r.query.get('q') === 'stu000123' && r.query.get('role') === 'Student')).toBe(true));
      await waitFor(() => expect(screen.queryByText('Ravi Kumar')).not.toBeInTheDocument());
      await userEvent.click(await screen.findByRole('link', { name: "View Asha Rao's dashboard" }));

      await waitFor(() => expect(router.state.location.search).toBe('?student=STU000123'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao (STU000123)' })).toBeInTheDocument();
      expect(screen.getByText('Read-only view')).toBeInTheDocument();
      expect(await screen.findByText('90.0%')).toBeInTheDocument();
      expect(await screen.findByText('8.40')).toBeInTheDocument();
      expect(await screen.findByText('1 book issued')).toBeInTheDocument();
      const deadlines = await screen.findByRole('list', { name: 'Upcoming Deadlines' });
      expect(await within(deadlines).findByText('PH301 · Mid-term')).toBeInTheDocument();
      expect(within(deadlines).getByText('Return “Signals and Systems”')).toBeInTheDocument();
      // Read-only: none of the student's own links and actions.
      expect(screen.queryByRole('link', { name: 'Check Notices' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'View my loans' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Choose another student' })).toHaveAttribute('href', '/dashboard/student');
      for (const call of STUDENT_ONLY_CALLS) expect(server.calls(call), call).toEqual([]);
    });
  }

  it('an unknown student ID says so instead of the access-denied screen', async () => {
    server = await studentApi('Admin');
    renderApp('/dashboard/student?student=STU999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('link', { name: 'Choose another student' })).toBeInTheDocument();
    expect(screen.queryByText("You don't have permission to access this page.")).not.toBeInTheDocument();
    for (const call of STUDENT_ONLY_CALLS) expect(server.calls(call), call).toEqual([]);
  });
});
