import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { RolloverPlan, RolloverResponse } from '@crs/shared/schemas/rollover';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const S1 = '40000000-0000-4000-8000-000000000001';
const S2 = '40000000-0000-4000-8000-000000000002';
const G1 = '40000000-0000-4000-8000-000000000003';
const plan: RolloverPlan = {
  academicYear: '2026-27',
  term: 'even',
  nextAcademicYear: '2027-28',
  nextTerm: 'odd',
  rule: { attendanceBelow: 75, failedCreditsAbove: null },
  sections: [
    {
      _id: 'sec4',
      name: 'CSE-4A',
      department: 'Computer Science',
      semester: 4,
      academicYear: '2026-27',
      next: { name: 'CSE-5A', academicYear: '2027-28', semester: 5, exists: false },
      students: [
        { _id: S1, name: 'Arjun Menon', studentId: 'STU001001', action: 'promote', reason: null, overridden: false, attendance: 92, failedCredits: 0 },
        { _id: S2, name: 'Divya Nair', studentId: 'STU001002', action: 'hold', reason: MSG.rolloverHeldAttendance(61, 75), overridden: false, attendance: 61, failedCredits: 0 },
      ],
      subjects: [
        { code: 'CS501', name: 'Compilers', credits: 4, teacher: 'Dr. Kavitha Rao' },
        { code: 'CS502', name: 'Networks', credits: 4, teacher: null },
      ],
    },
    {
      _id: 'sec8',
      name: 'CSE-8A',
      department: 'Computer Science',
      semester: 8,
      academicYear: '2026-27',
      next: null,
      students: [{ _id: G1, name: 'Rohan Iyer', studentId: 'STU000901', action: 'graduate', reason: null, overridden: false, attendance: 88, failedCredits: 0 }],
      subjects: [],
    },
  ],
  counts: { students: 3, promoted: 1, held: 1, graduated: 1, sectionsCreated: 1, assignmentsCarried: 1, assignmentsEmpty: 1, alumniCreated: 0 },
};
const previewAnswer: RolloverResponse = { message: MSG.rolloverPreviewed, dryRun: true, alreadyRun: false, runId: null, ranAt: null, plan };

describe('Semester Rollover (admin)', () => {
  it('previews per section, lets the Admin change a student, confirms and shows the summary', async () => {
    const calls: RecordedRequest[] = [];
    server = await signedInAs(makeUser({ roles: ['Admin'], name: 'Ada Admin' }), {
      'POST /academics/rollover': (req) => {
        calls.push(req);
        if (req.query.get('dryRun') === 'true') return { body: previewAnswer };
        const counts = { ...plan.counts, promoted: 2, held: 0, alumniCreated: 1 };
        return { body: { message: MSG.rolloverDone, dryRun: false, alreadyRun: false, runId: 'r1', ranAt: '2027-05-31T10:00:00.000Z', plan: { ...plan, counts } } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/admin/rollover');
    const year = await screen.findByLabelText('Academic year', {}, { timeout: 10_000 });
    expect(await screen.findByDisplayValue('2026-27')).toBe(year);
    await user.selectOptions(screen.getByLabelText('Closing term'), 'even');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const fourth = await screen.findByRole('table', { name: 'CSE-4A (2026-27)' });
    expect(within(fourth).getByText(MSG.rolloverHeldAttendance(61, 75))).toBeInTheDocument();
    expect(screen.getByText('Next: CSE-5A (2027-28) — created by the run')).toBeInTheDocument();
    expect(screen.getByText('CS502 Networks — No teacher yet')).toBeInTheDocument();
    expect(screen.getByText('Final semester: students graduate')).toBeInTheDocument();
    // The final semester offers no promotion; the others no graduation.
    const gradAction = screen.getByLabelText('Action for Rohan Iyer');
    expect(within(gradAction).queryByRole('option', { name: 'Promote' })).toBeNull();
    expect(within(screen.getByLabelText('Action for Arjun Menon')).queryByRole('option', { name: 'Graduate' })).toBeNull();

    // Promote the held student: the counts follow, and the run carries the override.
    await user.selectOptions(screen.getByLabelText('Action for Divya Nair'), 'promote');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ academicYear: '2026-27', term: 'even', overrides: [] });
    await user.click(screen.getByRole('button', { name: 'Confirm rollover' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Roll the term over?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rollover' }));
    expect(await screen.findByText('Rollover done')).toBeInTheDocument();
    expect(calls[1]!.query.get('dryRun')).toBeNull();
    expect(calls[1]!.body).toEqual({ academicYear: '2026-27', term: 'even', overrides: [{ studentId: S2, action: 'promote' }] });
    expect(screen.getByText('Added to alumni').parentElement).toHaveTextContent('1');
    // The summary is read-only: no action to change, no second confirm.
    expect(screen.queryByLabelText('Action for Divya Nair')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm rollover' })).toBeNull();
  });

  it("shows the server's refusal of a term without students", async () => {
    server = await signedInAs(makeUser({ roles: ['Admin'], name: 'Ada Admin' }), {
      'POST /academics/rollover': { status: 409, body: { message: MSG.rolloverNothingToClose('2026-27', 'odd'), code: 'ROLLOVER_NOTHING_TO_CLOSE' } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/admin/rollover');
    await user.click(await screen.findByRole('button', { name: 'Preview' }, { timeout: 10_000 }));
    expect(await screen.findByText(MSG.rolloverNothingToClose('2026-27', 'odd'))).toBeInTheDocument();
  });
});
