import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

// /dashboard/account's identity sections (issue 28): two-factor authentication, sessions, linked accounts.

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const admin = makeUser({ name: 'Asha Admin', email: 'asha@crs.test', roles: ['Admin'] });
const CODES = Array.from({ length: 10 }, (_, i) => `rc${i}xx-yyyyy`);
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/CRS:asha?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };

function session(id: string, over: Record<string, unknown> = {}) {
  return { id, device: 'Firefox 133 on Windows', userAgent: 'Mozilla/5.0', ip: '10.0.0.7', startedAt: '2026-11-20T03:30:00.000Z', lastSeenAt: '2026-11-27T16:31:00.000Z', method: 'Password', current: false, ...over };
}

describe('/dashboard/account: two-factor authentication', () => {
  it('sets it up: QR code and key, a wrong then a right first code, the recovery codes once', async () => {
    let enabled = false;
    server = await signedInAs(admin, {
      'GET /auth/mfa': () => ({ body: { enabled, enabledAt: enabled ? '2026-11-28T04:10:00.000Z' : null, recoveryCodesLeft: enabled ? 10 : 0, required: false } }),
      'POST /auth/mfa/totp/setup': { body: SETUP },
      'POST /auth/mfa/totp/confirm': (req) => {
        if ((req.body as { code: string }).code !== '246810') return { status: 400, body: { message: IDENTITY_MSG.mfaCodeInvalid, code: 'MFA_CODE_INVALID' } };
        enabled = true;
        return { body: { message: IDENTITY_MSG.mfaEnabled, recoveryCodes: CODES } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(card).findByText('Not set up yet.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await within(card).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(server.calls('POST /auth/mfa/totp/setup')[0]?.body).toEqual({});

    await user.type(within(card).getByLabelText('Authentication code'), '123');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText(IDENTITY_MSG.mfaCodeFormat)).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('Authentication code'));
    await user.type(within(card).getByLabelText('Authentication code'), '111111');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(IDENTITY_MSG.mfaCodeInvalid);

    await user.clear(within(card).getByLabelText('Authentication code'));
    await user.type(within(card).getByLabelText('Authentication code'), '246810');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    const list = await within(card).findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(await screen.findByText(IDENTITY_MSG.mfaEnabled)).toBeInTheDocument();
    expect(await within(card).findByText(/On since 28 Nov 2026, 09:40\. 10 recovery codes left\./)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).queryByRole('list', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  it('turns it off with a recovery code, and makes new recovery codes with a code', async () => {
    server = await signedInAs(admin, {
      'GET /auth/mfa': { body: { enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', recoveryCodesLeft: 3, required: false } },
      'POST /auth/mfa/recovery-codes': { body: { message: 'New recovery codes made', recoveryCodes: CODES } },
      'DELETE /auth/mfa/totp': (req) =>
        (req.body as { code: string }).code === 'abcde-12345' ? { body: { message: IDENTITY_MSG.mfaDisabled } } : { status: 400, body: { message: IDENTITY_MSG.mfaCodeInvalid, code: 'MFA_CODE_INVALID' } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(card).findByText(/3 recovery codes left/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    await user.type(within(card).getByLabelText('Authentication code'), '135790');
    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    expect(await within(card).findByRole('list', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(server.calls('POST /auth/mfa/recovery-codes')[0]?.body).toEqual({ code: '135790' });
    await user.click(within(card).getByRole('button', { name: 'Done' }));

    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    await user.type(within(card).getByLabelText('Authentication code'), 'ABCDE-12345');
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(IDENTITY_MSG.mfaDisabled)).toBeInTheDocument();
    expect(server.calls('DELETE /auth/mfa/totp')[0]?.body).toEqual({ code: 'abcde-12345' });
  });

  it('offers no "Turn off" when the role requires it, and shows a failed load', async () => {
    server = await signedInAs(admin, { 'GET /auth/mfa': { body: { enabled: true, enabledAt: '2026-11-01T10:00:00.000Z', recoveryCodesLeft: 10, required: true } } });
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(card).findByText(/Your role requires it/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });

  it('says so when the status cannot be read', async () => {
    server = await signedInAs(admin, { 'GET /auth/mfa': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not load your two-factor status.');
  });
});

describe('/dashboard/account: sessions', () => {
  it('lists the sessions in the college time zone with this device marked, signs one out, then every other after confirming', async () => {
    let sessions = [session('this', { current: true, device: 'Chrome 131 on Android', method: 'Campus Google' }), session('other-1'), session('other-2', { device: 'Safari 18 on iPhone', ip: null })];
    server = await signedInAs(admin, {
      'GET /auth/sessions': () => ({ body: { sessions } }),
      'DELETE /auth/sessions/other-1': () => {
        sessions = sessions.filter((s) => s.id !== 'other-1');
        return { body: { message: IDENTITY_MSG.sessionRevoked } };
      },
      'DELETE /auth/sessions': () => {
        sessions = sessions.filter((s) => s.current);
        return { body: { message: IDENTITY_MSG.sessionsRevoked(1), revoked: 1 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Sessions' });
    const table = await within(card).findByRole('table', { name: 'Your active sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText(IDENTITY_MSG.sessionThisDevice)).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    // 03:30 and 16:31 UTC in Asia/Kolkata (+05:30).
    expect(within(rows[1]!).getByText('20 Nov 2026, 09:00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('27 Nov 2026, 22:01')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('—')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out Firefox 133 on Windows' }));
    expect(await screen.findByText(IDENTITY_MSG.sessionRevoked)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getAllByRole('row')).toHaveLength(3));

    await user.click(within(card).getByRole('button', { name: 'Sign out other sessions' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out every other session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE /auth/sessions')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Sign out other sessions' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Sign out every other session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText(IDENTITY_MSG.sessionsRevoked(1))).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled());
    expect(within(card).getByText('You are signed in on this device only.')).toBeInTheDocument();
  });

  it('shows a failed load in place of the table', async () => {
    server = await signedInAs(admin, { 'GET /auth/sessions': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Sessions' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not load your sessions.');
  });
});

describe('/dashboard/account: linked accounts', () => {
  const link = { id: 'link-1', providerId: 'google', providerLabel: 'Campus Google', email: 'asha@college.edu', linkedAt: '2026-11-02T05:00:00.000Z', lastUsedAt: null };

  it('unlinks after confirming, and shows the refusal inside the dialog', async () => {
    let identities = [link];
    let refuse = true;
    server = await signedInAs(admin, {
      'GET /auth/identities': () => ({ body: { identities, hasPassword: true } }),
      'DELETE /auth/identities/link-1': () => {
        if (refuse) {
          refuse = false;
          return { status: 404, body: { message: IDENTITY_MSG.identityNotFound, code: 'NOT_FOUND' } };
        }
        identities = [];
        return { body: { message: IDENTITY_MSG.identityUnlinked } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Linked accounts' });
    expect(await within(card).findByText('asha@college.edu')).toBeInTheDocument();
    expect(within(card).getByText('Linked 2 Nov 2026, 10:30')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Unlink Campus Google' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlink Campus Google?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IDENTITY_MSG.identityNotFound);
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(IDENTITY_MSG.identityUnlinked)).toBeInTheDocument();
    expect(await within(card).findByText('No college account is linked.')).toBeInTheDocument();
  });

  it("keeps Unlink off without a password, giving the server's reason", async () => {
    server = await signedInAs(admin, { 'GET /auth/identities': { body: { identities: [link], hasPassword: false } } });
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Linked accounts' });
    const button = await within(card).findByRole('button', { name: 'Unlink Campus Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(IDENTITY_MSG.identityUnlinkNeedsPassword);
  });
});
