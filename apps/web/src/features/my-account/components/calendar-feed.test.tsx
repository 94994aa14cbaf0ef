import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const FIRST = 'https://crs.example.test/api/v1/calendar/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const SECOND = 'https://crs.example.test/api/v1/calendar/feeds/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';

describe('/dashboard/account: the calendar feed (issue 27)', () => {
  it('makes no link until asked, then shows and copies it, makes a new one after confirming, and turns it off', async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), {
      'GET /calendar/feed': { body: { url: FIRST } },
      'POST /calendar/feed/rotate': { body: { url: SECOND, message: MSG.calendarFeedRotated } },
      'DELETE /calendar/feed': { body: { message: MSG.calendarFeedRevoked } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(server.calls('GET /calendar/feed')).toHaveLength(0);

    await user.click(within(feed).getByRole('button', { name: 'Show my calendar link' }));
    const link = await within(feed).findByLabelText('Your private calendar link');
    expect(link).toHaveValue(FIRST);
    expect(within(feed).getByText(/Add Subscribed Calendar/)).toBeInTheDocument();

    await user.click(within(feed).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FIRST);

    // A new link asks first; Cancel changes nothing.
    await user.click(within(feed).getByRole('button', { name: 'Make a new link' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Make a new calendar link?' });
    expect(within(dialog).getByText(/The old link stops working/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('POST /calendar/feed/rotate')).toHaveLength(0);
    await user.click(within(feed).getByRole('button', { name: 'Make a new link' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Make a new calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    expect(await screen.findByText(MSG.calendarFeedRotated)).toBeInTheDocument();
    await waitFor(() => expect(within(feed).getByLabelText('Your private calendar link')).toHaveValue(SECOND));
    expect(server.calls('POST /calendar/feed/rotate')).toHaveLength(1);

    await user.click(within(feed).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(MSG.calendarFeedRevoked)).toBeInTheDocument();
    expect(server.calls('DELETE /calendar/feed')).toHaveLength(1);
    expect(within(feed).queryByLabelText('Your private calendar link')).not.toBeInTheDocument();
    expect(within(feed).getByRole('button', { name: 'Show my calendar link' })).toBeInTheDocument();
  });

  it("completes a path into a whole address, and shows the server's refusal", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /calendar/feed': { body: { url: '/api/v1/calendar/feeds/cccc.ics' } },
      'DELETE /calendar/feed': { status: 404, body: { message: MSG.calendarFeedNotFound, code: 'NOT_FOUND' } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    await user.click(within(feed).getByRole('button', { name: 'Show my calendar link' }));
    expect(await within(feed).findByLabelText('Your private calendar link')).toHaveValue(`${window.location.origin}/api/v1/calendar/feeds/cccc.ics`);
    await user.click(within(feed).getByRole('button', { name: 'Turn off' }));
    expect(await within(feed).findByRole('alert')).toHaveTextContent(MSG.calendarFeedNotFound);
    expect(within(feed).getByLabelText('Your private calendar link')).toBeInTheDocument();
  });
});
