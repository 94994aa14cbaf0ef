import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { ReportList } from '@crs/shared/schemas/analytics';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

const SECTION = '40000000-0000-4000-8000-000000000001';
const JOB = '50000000-0000-4000-8000-000000000001';
const list: ReportList = {
  reports: [
    {
      name: 'attendance-register',
      title: 'Attendance register',
      description: 'One section for one month.',
      params: [
        { name: 'sectionId', label: 'Section', kind: 'select', required: true, options: [{ value: SECTION, label: 'CSE-3A (2026-27)' }] },
        { name: 'month', label: 'Month', kind: 'month', required: true },
      ],
    },
    { name: 'library-overdue', title: 'Library overdue and fines', description: 'Loans overdue now.', params: [] },
    {
      name: 'placement-applications',
      title: 'Placement applications',
      description: 'Applications to one job or to every job.',
      params: [{ name: 'jobId', label: 'Job', kind: 'select', required: false, options: [{ value: JOB, label: 'Infosys — Systems Engineer (2026-12-05)' }] }],
    },
  ],
};

describe('Reports (Staff)', () => {
  it('lists the reports and downloads one with its parameters and format', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    server = await signedInAs(makeUser({ roles: ['Staff'] }), {
      'GET /reports': { body: list },
      'GET /reports/attendance-register': (req: RecordedRequest) =>
        req.query.get('sectionId') === SECTION ? { body: 'Roll No,Name\r\n' } : { status: 400, body: { message: MSG.reportSectionRequired, code: 'VALIDATION_FAILED' } },
    });
    renderApp('/dashboard/staff/reports');
    const card = await screen.findByRole('region', { name: 'Attendance register' }, { timeout: 10_000 });
    expect(screen.getByRole('region', { name: 'Library overdue and fines' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Placement applications' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(within(card).getByLabelText('Section'), SECTION);
    await user.type(within(card).getByLabelText('Month'), '2026-11');
    await user.selectOptions(within(card).getByLabelText('Format'), 'csv');
    await user.click(within(card).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const sent = server.calls('GET /reports/attendance-register')[0]!.query;
    expect([sent.get('sectionId'), sent.get('month'), sent.get('format')]).toEqual([SECTION, '2026-11', 'csv']);
    expect(await within(card).findByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('downloads the placement applications of the chosen job', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    server = await signedInAs(makeUser({ roles: ['Staff'] }), {
      'GET /reports': { body: list },
      'GET /reports/placement-applications': { body: 'Company,Role\r\n' },
    });
    renderApp('/dashboard/staff/reports');
    const card = await screen.findByRole('region', { name: 'Placement applications' }, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.selectOptions(within(card).getByLabelText('Job'), JOB);
    await user.click(within(card).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const sent = server.calls('GET /reports/placement-applications')[0]!.query;
    expect([sent.get('jobId'), sent.get('format')]).toEqual([JOB, 'xlsx']);
  });

  it('shows the server’s message when a download is refused', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }), {
      'GET /reports': { body: list },
      'GET /reports/library-overdue': { status: 500, body: { message: MSG.internal, code: 'INTERNAL' } },
    });
    renderApp('/dashboard/staff/reports');
    const card = await screen.findByRole('region', { name: 'Library overdue and fines' }, { timeout: 10_000 });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Download' }));
    expect(await within(card).findByText(MSG.internal)).toBeInTheDocument();
  });
});
