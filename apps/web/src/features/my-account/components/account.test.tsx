import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { getRefreshToken, getToken } from '@/lib/tokens';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const librarian = makeUser({ name: 'Suresh Pillai', email: 'suresh@crs.test', roles: ['Librarian'] });

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, again = next) {
  const currentField = await screen.findByLabelText('Current password');
  if (current) await user.type(currentField, current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), again);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('/dashboard/account', () => {
  it('is opened from the header by any role, and changes the password, keeping the session with the new token', async () => {
    server = await signedInAs(librarian, {
      'POST /auth/users/me/password': { delayMs: 300, body: { message: MSG.passwordChanged, token: 'new-access-token' } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/librarian');
    await user.click(await screen.findByRole('link', { name: /^Account Suresh Pillai/ }));
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('suresh@crs.test')).toBeInTheDocument();

    await fill(user, 'old-secret', 'new-secret-1');
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(await screen.findByText(MSG.passwordChanged)).toBeInTheDocument();
    expect(server.calls('POST /auth/users/me/password')[0]?.body).toEqual({ currentPassword: 'old-secret', password: 'new-secret-1' });
    expect(getToken()).toBe('new-access-token');
    expect(getRefreshToken()).toBe('test-refresh-token');
    // The form is emptied for the next time.
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });

  it('checks the form before sending: current password, length, match, and a new password', async () => {
    server = await signedInAs(librarian);
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    await fill(user, '', 'abc', 'abd');
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.passwordMin)).toHaveLength(2);

    await user.type(screen.getByLabelText('Current password'), 'same-secret');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'same-secret');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'other-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(MSG.samePassword)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordsMatch)).toBeInTheDocument();
    expect(server.calls('POST /auth/users/me/password')).toHaveLength(0);
  });

  it('puts a wrong current password on its field and keeps the stored token', async () => {
    server = await signedInAs(librarian, {
      'POST /auth/users/me/password': {
        status: 400,
        body: { message: MSG.wrongCurrentPassword, code: 'WRONG_PASSWORD', errors: [{ path: 'currentPassword', message: MSG.wrongCurrentPassword }] },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    await fill(user, 'not-it', 'new-secret-1');
    expect(await screen.findByText(MSG.wrongCurrentPassword)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBe('test-access-token');
  });
});
