import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { EMAIL_MODE_LABELS, NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '@crs/shared/schemas/notifications';
import type { Notification, NotificationPreferences } from '@crs/shared/schemas/notifications';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const item = (id: string, title: string, extra: Partial<Notification> = {}): Notification => ({
  _id: id,
  kind: 'library',
  title,
  body: `${title} — details`,
  link: '/library',
  createdAt: at(Number(id.slice(1))),
  readAt: null,
  ...extra,
});

/** An API holding `list` (newest first): paging, unread filter, read and read-all change it. */
function inbox(list: Notification[]) {
  const page = (req: RecordedRequest) => {
    const unread = req.query.get('unread') === 'true';
    const size = Number(req.query.get('pageSize') ?? 20);
    const n = Number(req.query.get('page') ?? 1);
    const rows = list.filter((x) => !unread || !x.readAt);
    return { body: { notifications: rows.slice((n - 1) * size, n * size), total: rows.length, unread: list.filter((x) => !x.readAt).length } };
  };
  const routes: Record<string, (req: RecordedRequest) => { body: unknown }> = {
    'GET /notifications': page,
    'POST /notifications/read-all': () => {
      const marked = list.filter((x) => !x.readAt).length;
      for (const x of list) x.readAt ??= new Date().toISOString();
      return { body: { message: MSG.notificationsMarkedRead(marked), marked } };
    },
  };
  for (const x of list) {
    routes[`POST /notifications/${x._id}/read`] = () => {
      x.readAt ??= new Date().toISOString();
      return { body: { notification: x } };
    };
  }
  return routes;
}

describe('header bell', () => {
  it('lists notifications newest first with a dot only while one is unread; Mark all read clears it', async () => {
    const list = [item('n1', 'Overdue 1 day: Engineering Mathematics'), item('n2', 'Results published: Thermodynamics', { kind: 'results', link: '/dashboard/student/results' }), item('n3', 'Notice: Holiday on Monday', { kind: 'notices', readAt: at(1) })];
    server = await signedInAs(makeUser({ roles: ['Student'] }), inbox(list));
    const user = userEvent.setup();
    renderApp('/dashboard/student');
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }, { timeout: 8000 }));
    expect(screen.getByTestId('notification-dot')).toBeInTheDocument();
    const menu = await screen.findByRole('list', { name: MSG.notificationsTitle });
    const titles = within(menu).getAllByRole('listitem').map((li) => li.textContent);
    expect(titles[0]).toContain('Overdue 1 day: Engineering Mathematics');
    expect(titles[2]).toContain('Notice: Holiday on Monday');
    expect(within(menu).getByRole('link', { name: 'Results published: Thermodynamics' })).toHaveAttribute('href', '/dashboard/student/results');
    expect(screen.getByRole('link', { name: MSG.notificationsSeeAll })).toHaveAttribute('href', '/notifications');
    await user.click(screen.getByRole('button', { name: MSG.notificationsMarkAllRead }));
    await waitFor(() => expect(server!.calls('POST /notifications/read-all')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: MSG.notificationsMarkAllRead })).not.toBeInTheDocument();
  });

  it('has no dot when everything is read, and opening one marks it read', async () => {
    const list = [item('n1', 'Apply in 2 days: Infosys, Systems Engineer', { kind: 'placement', link: '/dashboard/student/placement' })];
    server = await signedInAs(makeUser({ roles: ['Student'] }), inbox(list));
    const user = userEvent.setup();
    renderApp('/dashboard/student');
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    await user.click(await screen.findByRole('link', { name: 'Apply in 2 days: Infosys, Systems Engineer' }));
    await waitFor(() => expect(server!.calls('POST /notifications/n1/read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument());
  });
});

describe('/notifications', () => {
  it('keeps the history with paging and an unread filter', async () => {
    const list = Array.from({ length: 25 }, (_, i) => item(`n${i + 1}`, `Reminder ${i + 1}`, { readAt: i % 2 ? at(0) : null }));
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), inbox(list));
    const user = userEvent.setup();
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: MSG.notificationsTitle, level: 1 })).toBeInTheDocument();
    const main = await screen.findByRole('list', { name: MSG.notificationsTitle });
    expect(within(main).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText(MSG.notificationsUnreadCount(13))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: MSG.notificationsTitle })).getAllByRole('listitem')).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: MSG.notificationsUnreadOnly }));
    await waitFor(() => expect(server!.calls('GET /notifications').some((r) => r.query.get('unread') === 'true')).toBe(true));
    await waitFor(() => expect(within(screen.getByRole('list', { name: MSG.notificationsTitle })).getAllByRole('listitem')).toHaveLength(13));
  });
});

describe('Account page notification settings', () => {
  it('shows a row per kind, saves a change, and offers to retry a bounced address', async () => {
    const state: NotificationPreferences = {
      preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, email: 'digest', isDefault: true })),
      bouncing: { address: 'aarav.sharma@demo.crs', since: at(60), reason: '550 5.1.1 No such user here' },
    };
    const patch = (req: RecordedRequest) => {
      const body = req.body as { preferences?: Array<{ kind: string; email: 'immediate' | 'digest' | 'off' }>; clearBounce?: boolean };
      for (const p of body.preferences ?? []) Object.assign(state.preferences.find((x) => x.kind === p.kind)!, { email: p.email, isDefault: false });
      if (body.clearBounce) state.bouncing = null;
      return { body: { ...state, message: body.clearBounce ? MSG.notificationBounceCleared : MSG.notificationPreferencesSaved } };
    };
    server = await signedInAs(makeUser({ roles: ['Student'] }), { 'GET /notifications/preferences': () => ({ body: state }), 'PATCH /notifications/preferences': patch });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: MSG.notificationPreferencesTitle });
    const library = await within(card).findByRole('combobox', { name: NOTIFICATION_KIND_LABELS.library });
    for (const kind of NOTIFICATION_KINDS.filter((k) => k !== 'absence')) expect(within(card).getByRole('combobox', { name: NOTIFICATION_KIND_LABELS[kind] })).toHaveValue('digest');
    // Absence alerts are a guardian's: a student has no row for them.
    expect(within(card).queryByRole('combobox', { name: NOTIFICATION_KIND_LABELS.absence })).not.toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent(MSG.notificationBouncing('aarav.sharma@demo.crs'));
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(library, EMAIL_MODE_LABELS.immediate);
    await user.click(save);
    await waitFor(() => expect(server!.calls('PATCH /notifications/preferences')).toHaveLength(1));
    expect(server.calls('PATCH /notifications/preferences')[0]!.body).toEqual({ preferences: [{ kind: 'library', email: 'immediate' }] });
    await user.click(within(card).getByRole('button', { name: MSG.notificationBounceRetry }));
    await waitFor(() => expect(server!.calls('PATCH /notifications/preferences')[1]!.body).toEqual({ clearBounce: true }));
    await waitFor(() => expect(within(card).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(card).getByRole('combobox', { name: NOTIFICATION_KIND_LABELS.library })).toHaveValue('immediate');
  });
});
