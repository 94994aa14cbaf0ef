import { NOTIFICATIONS_MSG } from '@crs/shared/messages/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, type ApiServer } from '@/test/api-server';
import { DESKTOP, setMediaMatches } from '@/test/match-media';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';
import { displayName } from '@/lib/auth';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('page frame', () => {
  it.each([
    ['Student', '/dashboard/student', [['Dashboard', '/dashboard/student'], ['My Courses', '/dashboard/student/courses'], ['Placement', '/dashboard/student/placement'], ['Notices', '/dashboard/student/notices'], ['ID Card', '/dashboard/student/idcard'], ['Timetable', '/dashboard/student/timetable'], ['Attendance', '/dashboard/student/attendance'], ['Results', '/dashboard/student/results'], ['Library', '/library'], ['Calendar', '/calendar']]],
    ['Teacher', '/dashboard/teacher', [['Dashboard', '/dashboard/teacher'], ['My Subjects', '/dashboard/teacher/subjects'], ['Attendance', '/dashboard/teacher/attendance'], ['Marks', '/dashboard/teacher/marks'], ['Research', '/dashboard/teacher/research'], ['Profile', '/dashboard/teacher/profile'], ['Library', '/library'], ['Alumni', '/alumni'], ['Exams', '/dashboard/teacher/exams'], ['Calendar', '/calendar']]],
    ['Staff', '/dashboard/staff', [['Dashboard', '/dashboard/staff'], ['Notices', '/dashboard/staff/notices'], ['Reports', '/dashboard/staff/reports'], ['Placement', '/dashboard/placement'], ['Calendar', '/calendar']]],
    ['Librarian', '/dashboard/librarian', [['Dashboard', '/dashboard/librarian'], ['Library', '/library'], ['Stock verification', '/library/verifications'], ['Calendar', '/calendar']]],
  ])('shows the %s sidebar with the current entry marked', async (role, path, expected) => {
    server = await signedInAs(makeUser({ roles: [role] }));
    setMediaMatches(DESKTOP);
    renderApp(path);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(sidebarLinks()).toEqual(expected);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives an unknown first role an empty menu', async () => {
    server = await signedInAs(makeUser({ roles: ['Janitor'] }));
    renderApp('/confirmation');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows the header: title, CRS badge, display name, role, avatar letter and a bell without a dot', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'], name: 'Priya Nair' }));
    renderApp('/dashboard/staff');
    await screen.findByRole('heading', { name: 'Welcome back' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('College Resource System')).toBeInTheDocument();
    expect(within(banner).getByText('CRS')).toBeInTheDocument();
    expect(within(banner).getByTestId('user-name')).toHaveTextContent('Priya Nair');
    expect(within(banner).getByTestId('user-role')).toHaveTextContent('Staff');
    expect(within(banner).getByText('P')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();
  });

  it('opens the bell from the keyboard on first use: focus moves into it, Escape returns it to the bell', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }));
    const user = userEvent.setup();
    renderApp('/dashboard/staff');
    await screen.findByRole('heading', { name: 'Welcome back' });
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    act(() => bell.focus());
    await user.keyboard('{Enter}');
    // The popover's code arrives on that first use; it opens once it is there, focus inside.
    const popover = await screen.findByRole('dialog');
    // The bell lists the caller's notifications (issue 30): none yet.
    expect(popover).toHaveTextContent(NOTIFICATIONS_MSG.notificationsEmpty);
    await waitFor(() => expect(popover).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(NOTIFICATIONS_MSG.notificationsEmpty);
  });

  it('display name: name, else the email before @, else User', () => {
    expect(displayName({ name: 'Ann', email: 'a@x' })).toBe('Ann');
    expect(displayName({ name: '', email: 'ann.lee@x.test' })).toBe('ann.lee');
    expect(displayName({ name: '', email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
  });

  it('collapses to icons with a tooltip on desktop and re-expands', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }));
    setMediaMatches(DESKTOP);
    const user = userEvent.setup();
    renderApp('/dashboard/staff');
    const collapse = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(screen.getByText('Notices', { selector: 'span' })).not.toHaveClass('sr-only');
    await user.click(collapse);
    // The first collapse waits for the tooltips' code, fetched from the pointer's arrival on the button.
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Notices', { selector: 'span' })).toHaveClass('sr-only');
    await user.hover(screen.getByRole('link', { name: 'Notices' }));
    expect(await screen.findByRole('tooltip', { name: 'Notices' })).toBeInTheDocument();
    // Keyboard focus shows the label too (and closes the other).
    act(() => screen.getByRole('button', { name: 'Logout' }).focus());
    expect(await screen.findByRole('tooltip', { name: 'Logout' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it('is a closed drawer below 1024 px that opens with a backdrop, which closes it on tap', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }));
    const user = userEvent.setup();
    renderApp('/dashboard/staff');
    const expand = await screen.findByRole('button', { name: 'Expand sidebar' });
    expect(screen.getByRole('complementary', { hidden: true })).toHaveClass('invisible');
    expect(screen.queryByTestId('sidebar-backdrop')).not.toBeInTheDocument();
    await user.click(expand);
    expect(screen.getByRole('complementary')).not.toHaveClass('invisible');
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar-backdrop')).not.toBeInTheDocument();
  });

  it('switches between drawer and sidebar when the window crosses 1024 px', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }));
    renderApp('/dashboard/staff');
    await screen.findByRole('button', { name: 'Expand sidebar' });
    act(() => setMediaMatches(DESKTOP));
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it("logs out through the dialog: 'Processing...', then /login replacing history", async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }), { 'POST /auth/logout': { delayMs: 300, body: { message: 'Logged out' } } });
    setMediaMatches(DESKTOP);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Logout' });
    // The dialog's code arrives on that first click; focus moves into it (to Cancel).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to log out? You will need to sign in again to access your account.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Logout' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.calls('POST /auth/logout')).toHaveLength(1);
    expect(server.calls('POST /auth/logout')[0]?.headers.authorization).toBe('Bearer test-access-token');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('clears the tokens even when the logout call fails', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }), { 'POST /auth/logout': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    renderApp('/logout');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });
});
