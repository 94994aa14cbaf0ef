import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Notice } from '@crs/shared/schemas/notices';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const base: Omit<Notice, '_id' | 'title'> = {
  body: 'Text',
  bodyHtml: '<p>Text</p>\n',
  pinned: false,
  expiresOn: null,
  expired: false,
  audience: { roles: [], departments: [], sections: [] },
  attachment: null,
  author: 'Rakesh Kumar',
  editable: false,
  createdAt: '2026-11-20T05:30:00.000Z',
  updatedAt: '2026-11-20T05:30:00.000Z',
  unread: false,
};
const notice = (id: string, title: string, extra: Partial<Notice> = {}): Notice => ({ ...base, _id: id, title, ...extra });

/** A notice board the API answers from `list`; POST /notices/{id}/read clears the flag. */
function board(list: Notice[]) {
  const read = (id: string) => {
    const n = list.find((x) => x._id === id);
    if (n) n.unread = false;
    return { body: { message: MSG.noticeRead } };
  };
  const routes: Record<string, () => { body: unknown }> = {
    'GET /notices': () => ({ body: { notices: list, unread: list.filter((n) => n.unread).length } }),
  };
  for (const n of list) routes[`POST /notices/${n._id}/read`] = () => read(n._id);
  return routes;
}

describe('/dashboard/student/notices', () => {
  it('lists pinned and new notices, renders the body only when opened, and opening marks it read (the bell dot goes)', async () => {
    const list = [
      notice('n1', 'Exam timetable published', { pinned: true, unread: true, bodyHtml: '<p><strong>Hall tickets</strong> from the office.</p>\n', attachment: { _id: 'f1', filename: 'timetable.pdf', mimeType: 'application/pdf', size: 10, url: '/api/v1/files/f1?t=1.x', createdAt: base.createdAt } }),
      notice('n2', 'Library hours extended'),
    ];
    server = await signedInAs(makeUser({ roles: ['Student'] }), board(list));
    const user = userEvent.setup();
    renderApp('/dashboard/student/notices');
    expect(await screen.findByRole('heading', { name: 'Notices', level: 1 })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Exam timetable published' });
    expect(within(first).getByText('Pinned')).toBeInTheDocument();
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Library hours extended' })).queryByText('New')).not.toBeInTheDocument();
    expect(screen.getByTestId('notification-dot')).toBeInTheDocument();
    expect(screen.queryByText('Hall tickets')).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Open notice: Exam timetable published' }));
    expect(within(first).getByText('Hall tickets').tagName).toBe('STRONG');
    expect(within(first).getByRole('link', { name: /timetable\.pdf/ })).toHaveAttribute('href', '/api/v1/files/f1?t=1.x');
    await waitFor(() => expect(server!.calls('POST /notices/n1/read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument());
    expect(within(first).queryByText('New')).not.toBeInTheDocument();
    // Opening a read notice again does not call the server again.
    await user.click(within(first).getByRole('button', { name: 'Close notice: Exam timetable published' }));
    await user.click(within(screen.getByRole('article', { name: 'Library hours extended' })).getByRole('button', { name: /Open notice/ }));
    expect(server.calls('POST /notices/n2/read')).toHaveLength(0);
  });

  it('says so when there are no notices', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }));
    renderApp('/dashboard/student/notices');
    expect(await screen.findByText('No notices right now.')).toBeInTheDocument();
  });

  it("says so when they can't be loaded", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), { 'GET /notices': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    renderApp('/dashboard/student/notices');
    expect(await screen.findByText(MSG.noticesLoadFailed)).toBeInTheDocument();
  });
});

describe('header bell', () => {
  it('lists unread notices; Mark all as read clears the dot', async () => {
    const list = [notice('n1', 'Fee payment deadline', { unread: true }), notice('n2', 'Blood donation camp', { unread: true })];
    server = await signedInAs(makeUser({ roles: ['Student'] }), board(list));
    const user = userEvent.setup();
    renderApp('/dashboard/student');
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    const menu = await screen.findByRole('list', { name: 'Notices' });
    expect(within(menu).getByRole('link', { name: 'Fee payment deadline' })).toHaveAttribute('href', '/dashboard/student/notices#notice-n1');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument());
    // The dot clears at once (optimistic); the requests reach the server just after.
    await waitFor(() => expect(server!.calls('POST /notices/n1/read')).toHaveLength(1));
    await waitFor(() => expect(server!.calls('POST /notices/n2/read')).toHaveLength(1));
  });
});

describe('/dashboard/staff/notices', () => {
  it('publishes a notice with its audience, pin and expiry, then lists it', async () => {
    const list: Notice[] = [notice('n1', 'Older notice', { editable: true })];
    server = await signedInAs(makeUser({ roles: ['Staff'] }), {
      'GET /notices/manage': () => ({ body: { notices: list } }),
      'GET /notices/audiences': {
        body: { roles: ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin', 'Librarian'], departments: [{ _id: 'd1', code: 'CSE', name: 'Computer Science and Engineering' }], sections: [{ _id: 's1', name: 'CSE-3A', department: 'CSE' }] },
      },
      'POST /notices': (req) => {
        const body = req.body as { title: string; body: string };
        const saved = notice('n2', body.title, { body: body.body, editable: true });
        list.unshift(saved);
        return { status: 201, body: { message: MSG.noticeCreated, notice: saved } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/staff/notices');
    expect(await screen.findByRole('article', { name: 'Older notice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Notice' }));
    const dialog = await screen.findByRole('dialog');
    // Required fields are checked before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Publish Notice' }));
    expect(await within(dialog).findByText(MSG.noticeTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.noticeBodyRequired)).toBeInTheDocument();
    expect(server.calls('POST /notices')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'Lab moved to Lab 3');
    await user.type(within(dialog).getByLabelText('Notice text'), 'From **Monday**.');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Student' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'CSE-3A' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pin to the top' }));
    await user.type(within(dialog).getByLabelText('Show until (optional)'), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Publish Notice' }));
    expect(await screen.findByText(MSG.noticeCreated)).toBeInTheDocument();
    expect(server.calls('POST /notices')[0]?.body).toEqual({
      title: 'Lab moved to Lab 3',
      body: 'From **Monday**.',
      pinned: true,
      expiresOn: '2026-12-31',
      audience: { roles: ['Student'], departmentIds: [], sectionIds: ['s1'] },
    });
    expect(await screen.findByRole('article', { name: 'Lab moved to Lab 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Lab moved to Lab 3' })).toBeInTheDocument();
  });
});

describe('/dashboard/staff/notices: a new notice with a file', () => {
  it('goes in one request, so a refused file publishes nothing; the next try sends it again', async () => {
    const list: Notice[] = [];
    let tries = 0;
    server = await signedInAs(makeUser({ roles: ['Staff'] }), {
      'GET /notices/manage': () => ({ body: { notices: list } }),
      'GET /notices/audiences': { body: { roles: ['Student', 'Teacher', 'Staff', 'Admin', 'SuperAdmin', 'Librarian'], departments: [], sections: [] } },
      'POST /notices/with-attachment': () => {
        if (++tries === 1) return { status: 415, body: { message: 'This kind of file is not accepted here.', code: 'UNSUPPORTED_FILE_TYPE' } };
        const saved = notice('n9', 'Hall tickets', { editable: true, attachment: { _id: 'f9', filename: 'tickets.pdf', mimeType: 'application/pdf', size: 9, url: '/api/v1/files/f9?t=1.x', createdAt: base.createdAt } });
        list.unshift(saved);
        return { status: 201, body: { message: MSG.noticeCreated, notice: saved } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/staff/notices');
    await user.click(await screen.findByRole('button', { name: 'New Notice' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Hall tickets');
    await user.type(within(dialog).getByLabelText('Notice text'), 'Collect them from the office.');
    await user.upload(within(dialog).getByLabelText('Attachment (optional)'), new File(['%PDF-1.4'], 'tickets.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish Notice' }));
    expect(await within(dialog).findByText('This kind of file is not accepted here.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish Notice' }));
    // (The toast text may still be on screen from an earlier test: wait for this publication itself.)
    expect(await screen.findByRole('article', { name: 'Hall tickets' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const calls = server.calls('POST /notices/with-attachment');
    expect(calls).toHaveLength(2);
    expect(String(calls[1]?.body)).toContain('{"title":"Hall tickets","body":"Collect them from the office."');
    expect(String(calls[1]?.body)).toContain('filename="tickets.pdf"');
    // Never the two-step way for a new notice.
    expect(server.calls('POST /notices')).toHaveLength(0);
  });
});

describe('teacher dashboard', () => {
  it('shows the latest notices in a card', async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'], name: 'Dr. Meera Iyer' }), {
      ...board([notice('n1', 'Faculty meeting on Monday', { unread: true })]),
      'GET /attendance/summary': { body: { byClass: [], averageAttendance: 0 } },
      'GET /attendance/today': { body: { date: '2026-11-24', today: '2026-11-24', now: '08:00', editable: true, correctionDays: 7, classes: [] } },
    });
    renderApp('/dashboard/teacher');
    const card = (await screen.findByRole('heading', { name: 'Notices', level: 2 })).closest('div')!.parentElement!;
    expect(await within(card).findByRole('heading', { name: 'Faculty meeting on Monday', level: 3 })).toBeInTheDocument();
    expect(within(card).getByText('1 new')).toBeInTheDocument();
  });
});
