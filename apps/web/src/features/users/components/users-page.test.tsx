import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import type { AdminUser } from '@crs/shared/schemas/users';
import { makeUser, type ApiServer, type Handler, type Reply } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

const TIMEOUT_MS = 40_000;

beforeAll(async () => {
  await import('./users-page');
}, 60_000);

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const makePerson = (overrides: Partial<AdminUser> = {}): AdminUser =>
  ({ ...makeUser(), departmentId: null, sectionId: null, section: null, employeeId: null, bloodGroup: null, updatedAt: new Date().toISOString(), ...overrides }) as AdminUser;

/** A people API over a list the test's writes change: filters as the server reads them. */
function peopleApi(initial: AdminUser[], extra: Record<string, Handler | Reply> = {}) {
  let people = [...initial];
  const routes: Record<string, Handler | Reply> = {
    'GET /users': (req) => {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const role = req.query.get('role');
      const status = req.query.get('status');
      const found = people.filter((p) => (!q || [p.name, p.email].some((f) => f.toLowerCase().includes(q))) && (!role || p.roles.includes(role as never)) && (!status || p.status === status));
      return { body: { users: found, total: found.length } };
    },
    'GET /users/departments': { body: { departments: ['Computer Science and Engineering', 'Mechanical Engineering'] } },
    'GET /users/unmatched': { body: { users: [], total: 0 } },
    'GET /academics/departments': { body: { departments: [], total: 0 } },
    'GET /academics/sections': { body: { sections: [], total: 0 } },
    ...Object.fromEntries(
      initial.flatMap((p) => [
        [
          `POST /users/${p._id}/disable`,
          () => {
            people = people.map((x) => (x._id === p._id ? { ...x, status: 'disabled' as const } : x));
            return { body: { message: MSG.userDisabled, user: people.find((x) => x._id === p._id) } };
          },
        ],
        [
          `PATCH /users/${p._id}`,
          (req: { body: unknown }) => {
            people = people.map((x) => (x._id === p._id ? { ...x, ...(req.body as Partial<AdminUser>) } : x));
            return { body: { message: MSG.userUpdated, user: people.find((x) => x._id === p._id) } };
          },
        ],
      ]),
    ),
    ...extra,
  };
  return routes;
}

const rowOf = (name: string) => screen.getByRole('button', { name }).closest('tr')!;

describe('Manage Students (Admin)', { timeout: TIMEOUT_MS }, () => {
  it('lists students only, filters on the server through the URL, and disables after a confirmation', async () => {
    const kavya = makePerson({ name: 'Kavya Nair', roles: ['Student'], studentId: 'STU001201', department: 'Computer Science and Engineering', section: 'CSE-3A' });
    const rohan = makePerson({ name: 'Rohan Mehta', roles: ['Student'], studentId: 'STU001202', department: 'Mechanical Engineering' });
    server = await signedInAs(makeUser({ roles: ['Admin'] }), peopleApi([kavya, rohan]));
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/admin/students');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Students' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Kavya Nair' })).toBeInTheDocument();
    // The role is fixed by the page: every list call asks for Students, and there is no role filter.
    expect(server.calls('GET /users').every((c) => c.query.get('role') === 'Student')).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(within(rowOf('Kavya Nair')).getByText('STU001201')).toBeInTheDocument();

    // The filter's options come from their own request (GET /users/departments).
    await screen.findByRole('option', { name: 'Mechanical Engineering' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Mechanical Engineering');
    await waitFor(() => expect(router.state.location.search).toContain('department=Mechanical+Engineering'));
    await waitFor(() => expect(server!.calls('GET /users').at(-1)!.query.get('department')).toBe('Mechanical Engineering'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), '');

    await user.type(screen.getByRole('searchbox'), 'rohan');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Kavya Nair' })).not.toBeInTheDocument());
    expect(server.calls('GET /users').at(-1)!.query.get('q')).toBe('rohan');

    await user.click(screen.getByRole('button', { name: 'Actions for Rohan Mehta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable Rohan Mehta?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(MSG.userDisabled)).toBeInTheDocument();
    expect(server.calls(`POST /users/${rohan._id}/disable`)).toHaveLength(1);
    await waitFor(() => expect(within(rowOf('Rohan Mehta')).getByText('Disabled')).toBeInTheDocument());
    // A disabled account offers Enable, not Disable.
    await user.click(screen.getByRole('button', { name: 'Actions for Rohan Mehta' }));
    expect(await screen.findByRole('menuitem', { name: 'Enable' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it('offers an Admin no Admin or SuperAdmin role box, and only View on an Admin account', async () => {
    const teacher = makePerson({ name: 'Dr. Kavita Bose', roles: ['Teacher'] });
    const otherAdmin = makePerson({ name: 'Farah Khan', roles: ['Teacher', 'Admin'] });
    server = await signedInAs(makeUser({ roles: ['Admin'] }), peopleApi([teacher, otherAdmin]));
    const user = userEvent.setup();
    renderApp('/dashboard/admin/teachers');
    await screen.findByRole('button', { name: 'Dr. Kavita Bose' });
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    expect(within(dialog).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['Student', 'Teacher', 'Staff', 'Librarian']);
    expect(within(dialog).getByRole('checkbox', { name: 'Teacher' })).toBeChecked();
    // The shared schema's messages show before any call.
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByText(MSG.nameMin)).toBeInTheDocument();
    expect(server.calls('POST /users')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Actions for Farah Khan' }));
    expect(await screen.findByRole('menuitem', { name: 'View details' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('Users (SuperAdmin)', { timeout: TIMEOUT_MS }, () => {
  it('shows every role with a role filter, and grants Admin through the edit dialog', async () => {
    const meera = makePerson({ name: 'Dr. Meera Iyer', roles: ['Teacher'], employeeId: 'EMP0042' });
    server = await signedInAs(makeUser({ roles: ['SuperAdmin'] }), peopleApi([meera, makePerson({ name: 'Sunita Deshpande', roles: ['Librarian'] })]));
    const user = userEvent.setup();
    renderApp('/dashboard/superadmin/users');
    await screen.findByRole('button', { name: 'Dr. Meera Iyer' });
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
    expect(server.calls('GET /users').every((c) => !c.query.has('role'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Actions for Dr. Meera Iyer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit person' });
    expect(within(dialog).getByLabelText('Employee ID')).toHaveValue('EMP0042');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.userUpdated)).toBeInTheDocument();
    const patch = server.calls(`PATCH /users/${meera._id}`)[0]!.body as { roles: string[] };
    expect(patch.roles).toEqual(['Teacher', 'Admin']);
    await waitFor(() => expect(within(rowOf('Dr. Meera Iyer')).getByText('Teacher, Admin')).toBeInTheDocument());
  });
});

describe('Reset two-factor (SuperAdmin, issue 28)', { timeout: TIMEOUT_MS }, () => {
  it("resets a person's second factor after a confirmation; an Admin is not offered it", async () => {
    const meera = makePerson({ name: 'Dr. Meera Iyer', roles: ['Teacher'] });
    server = await signedInAs(
      makeUser({ roles: ['SuperAdmin'] }),
      peopleApi([meera], { [`DELETE /users/${meera._id}/mfa`]: { body: { message: IDENTITY_MSG.mfaReset } } }),
    );
    const user = userEvent.setup();
    const first = renderApp('/dashboard/superadmin/users');
    await screen.findByRole('button', { name: 'Dr. Meera Iyer' });
    await user.click(screen.getByRole('button', { name: 'Actions for Dr. Meera Iyer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Reset Dr. Meera Iyer's two-factor authentication?" });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText(IDENTITY_MSG.mfaReset)).toBeInTheDocument();
    expect(server.calls(`DELETE /users/${meera._id}/mfa`)).toHaveLength(1);
    first.unmount();
    await server.close();

    server = await signedInAs(makeUser({ roles: ['Admin'] }), peopleApi([meera]));
    renderApp('/dashboard/admin/teachers');
    await user.click(await screen.findByRole('button', { name: 'Actions for Dr. Meera Iyer' }));
    expect(await screen.findByRole('menuitem', { name: 'Send reset link' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reset two-factor' })).not.toBeInTheDocument();
  });
});

// Last in the file: its toasts ('User updated') would otherwise still show in the next test's page.
describe('one student record (decision 0036)', { timeout: TIMEOUT_MS }, () => {
  const cse = { _id: '00000000-0000-4000-8000-00000000d001', code: 'CSE', name: 'Computer Science and Engineering', subjects: 0, sections: 2 };
  const me = { _id: '00000000-0000-4000-8000-00000000d002', code: 'ME', name: 'Mechanical Engineering', subjects: 0, sections: 1 };
  const section = (id: string, name: string, d: typeof cse) => ({ _id: id, name, departmentId: d._id, department: d.code, semester: 3, academicYear: '2026-27', students: 0 });
  const academics = {
    'GET /academics/departments': { body: { departments: [cse, me], total: 2 } },
    'GET /academics/sections': { body: { sections: [section('00000000-0000-4000-8000-00000000a001', 'CSE-3A', cse), section('00000000-0000-4000-8000-00000000a002', 'CSE-3B', cse), section('00000000-0000-4000-8000-00000000a003', 'ME-3A', me)], total: 3 } },
  };

  it("adds a student with Department and Section chosen from Academics' lists, sections filtered by department", async () => {
    const created = makePerson({ name: 'Ishaan Kulkarni', roles: ['Student'] });
    server = await signedInAs(
      makeUser({ roles: ['Admin'] }),
      peopleApi([], { ...academics, 'POST /users': { status: 201, body: { message: MSG.userCreated, user: created } } }),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/admin/students');
    await screen.findByRole('heading', { level: 1, name: 'Manage Students' });
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a person' });
    // The selects appear once Academics' lists are in.
    await within(dialog).findByRole('option', { name: 'Mechanical Engineering' });
    const department = within(dialog).getByRole('combobox', { name: 'Department' });
    const sectionBox = within(dialog).getByRole('combobox', { name: 'Section' });
    // No department yet: no section to choose.
    expect(sectionBox).toBeDisabled();
    await user.selectOptions(department, 'Mechanical Engineering');
    expect(within(sectionBox).getAllByRole('option').map((o) => o.textContent)).toEqual(['No section', 'ME-3A (2026-27)']);
    await user.selectOptions(department, 'Computer Science and Engineering');
    expect(within(sectionBox).getAllByRole('option').map((o) => o.textContent)).toEqual(['No section', 'CSE-3A (2026-27)', 'CSE-3B (2026-27)']);
    await user.selectOptions(sectionBox, 'CSE-3B (2026-27)');
    await user.type(within(dialog).getByLabelText('Name'), 'Ishaan Kulkarni');
    await user.type(within(dialog).getByLabelText('Email'), 'ishaan@college.edu.in');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText(MSG.userCreated)).toBeInTheDocument();
    expect(server.calls('POST /users')[0]!.body).toMatchObject({ departmentId: '00000000-0000-4000-8000-00000000d001', sectionId: '00000000-0000-4000-8000-00000000a002', roles: ['Student'] });
    expect(server.calls('POST /users')[0]!.body).not.toHaveProperty('department');
    // No unmatched legacy value: no notice.
    expect(screen.queryByText(/matches nothing in Academics/)).not.toBeInTheDocument();
  });

  it('lists legacy values that match nothing, and an edit that leaves them alone keeps them', async () => {
    const legacy = makePerson({ name: 'Old Record', roles: ['Student'], department: 'Old Dept', departmentId: null, section: 'Z-9', sectionId: null });
    server = await signedInAs(
      makeUser({ roles: ['Admin'] }),
      peopleApi([legacy], { ...academics, 'GET /users/unmatched': { body: { users: [{ _id: legacy._id, name: legacy.name, email: legacy.email, roles: ['Student'], department: 'Old Dept', section: 'Z-9' }], total: 1 } } }),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/admin/students');
    expect(await screen.findByText(MSG.unmatchedNotice(1))).toBeInTheDocument();
    await user.click(screen.getByText('Show who'));
    expect(screen.getByRole('list', { name: 'Show who' })).toHaveTextContent('Old Record');
    expect(screen.getByRole('list', { name: 'Show who' })).toHaveTextContent('department “Old Dept”, section “Z-9”');

    await user.click(screen.getByRole('button', { name: 'Actions for Old Record' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit person' });
    expect(await within(dialog).findByText('Recorded as “Old Dept”, which matches nothing in Academics: choose from the list.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '9845012345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Wait for the request itself: an earlier test's toast with the same text can still be on screen.
    await waitFor(() => expect(server!.calls(`PATCH /users/${legacy._id}`)).toHaveLength(1));
    expect(await screen.findByText(MSG.userUpdated)).toBeInTheDocument();
    const patch = server.calls(`PATCH /users/${legacy._id}`)[0]!.body as Record<string, unknown>;
    expect(patch.phone).toBe('9845012345');
    expect(patch).not.toHaveProperty('departmentId');
    expect(patch).not.toHaveProperty('sectionId');
  });
});
