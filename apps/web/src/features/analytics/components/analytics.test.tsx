import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { AnalyticsOverview } from '@crs/shared/schemas/analytics';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const overview = (from: string, to: string): AnalyticsOverview => ({
  from,
  to,
  enrolment: [
    { department: 'CSE', departmentName: 'Computer Science and Engineering', students: 240 },
    { department: 'ECE', departmentName: 'Electronics and Communication Engineering', students: 180 },
  ],
  attendance: {
    weeks: ['2026-11-09', '2026-11-16'],
    departments: [{ department: 'CSE', departmentName: 'Computer Science and Engineering', percent: [81.5, null], marked: [400, 0] }],
  },
  results: {
    grades: ['O', 'A+', 'A', 'B+', 'B', 'C', 'P', 'F'],
    subjects: [{ subjectCode: 'CS301', subjectName: 'Data Structures', department: 'CSE', sat: 58, passed: 54, absent: 2, passRate: 93.1, counts: [6, 10, 12, 11, 8, 4, 3, 4] }],
  },
  library: [
    { week: '2026-11-09', issued: 14, returned: 9, overdue: 3 },
    { week: '2026-11-16', issued: 11, returned: 12, overdue: 5 },
  ],
  placement: [{ department: 'CSE', departmentName: 'Computer Science and Engineering', applications: 42, offers: 17 }],
});

describe('Analytics (Admin)', () => {
  it('shows each chart’s figures in a table and sends the date range to the server', async () => {
    server = await signedInAs(makeUser({ roles: ['Admin'], name: 'Principal' }), {
      'GET /analytics/overview': (req: RecordedRequest) => ({ body: overview(req.query.get('from') ?? '2026-09-01', req.query.get('to') ?? '2026-11-23') }),
    });
    renderApp('/dashboard/admin/analytics');
    expect(await screen.findByRole('heading', { name: 'Analytics' }, { timeout: 10_000 })).toBeInTheDocument();
    const enrolment = await screen.findByRole('table', { name: 'Enrolment by department' });
    expect(within(enrolment).getByRole('row', { name: 'CSE — Computer Science and Engineering 240' })).toBeInTheDocument();
    const attendance = screen.getByRole('table', { name: 'Attendance trend by week and department' });
    expect(within(attendance).getByRole('row', { name: '9 Nov 2026 81.5%' })).toBeInTheDocument();
    expect(within(attendance).getByRole('row', { name: '16 Nov 2026 —' })).toBeInTheDocument();
    const results = screen.getByRole('table', { name: 'Pass rates and grade distribution by subject' });
    expect(within(results).getByRole('row', { name: 'CS301 Data Structures 58 54 93.1% 6 10 12 11 8 4 3 4 2' })).toBeInTheDocument();
    const library = screen.getByRole('table', { name: 'Library circulation and overdue trend' });
    expect(within(library).getByRole('row', { name: '16 Nov 2026 11 12 5' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 Sep 2026 to 23 Nov 2026')).toBeInTheDocument();
    const placement = screen.getByRole('table', { name: 'Placement applications and offers by department' });
    expect(within(placement).getByRole('row', { name: 'CSE — Computer Science and Engineering 42 17' })).toBeInTheDocument();
    expect(screen.queryByText(/placement module lands/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    // A range that ends before it starts is refused here, before any request.
    await user.type(screen.getByLabelText('From'), '2026-10-31');
    await user.type(screen.getByLabelText('To'), '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(MSG.rangeOrder)).toBeInTheDocument();
    expect(server.calls('GET /analytics/overview')).toHaveLength(1);

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server!.calls('GET /analytics/overview')).toHaveLength(2));
    const sent = server.calls('GET /analytics/overview')[1]!.query;
    expect([sent.get('from'), sent.get('to')]).toEqual(['2026-10-31', '2026-11-15']);
    expect(await screen.findByText('Showing 31 Oct 2026 to 15 Nov 2026')).toBeInTheDocument();
  });

  it('shows the server’s message when the range is refused', async () => {
    server = await signedInAs(makeUser({ roles: ['SuperAdmin'] }), {
      'GET /analytics/overview': { status: 400, body: { message: MSG.rangeTooLong(366), code: 'VALIDATION_FAILED' } },
    });
    renderApp('/dashboard/admin/analytics?from=2024-01-01&to=2026-01-01');
    expect(await screen.findByText(MSG.rangeTooLong(366), {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
