import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startResetServer() {
  server = await startApiServer({
    'POST /auth/reset/request': (req) =>
      (req.body as { email: string }).email === 'broken@x.test'
        ? { status: 500, body: {} }
        : { delayMs: 300, body: { message: 'If an account exists for that email, a reset link has been sent.' } },
    'POST /auth/reset/confirm': (req) =>
      (req.body as { token: string }).token === 'good-token'
        ? { delayMs: 300, body: { message: 'Password has been reset' } }
        : (req.body as { token: string }).token === 'broken'
          ? { status: 500, body: {} }
          : { status: 400, body: { message: 'This reset link is invalid or has expired.', code: 'RESET_INVALID' } },
  });
  return server;
}

describe('forgot password', () => {
  it("validates the email ('Invalid email address')", async () => {
    await startResetServer();
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(server!.calls('POST /auth/reset/request')).toHaveLength(0);
  });

  it("shows 'Sending link...', then the success toast and /login", async () => {
    await startResetServer();
    const user = userEvent.setup();
    const { router } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'sam@demo.crs');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending link...' })).toBeDisabled();
    expect(await screen.findByText('Password reset link sent! Please check your email.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server!.calls('POST /auth/reset/request')[0]?.body).toEqual({ email: 'sam@demo.crs' });
  });

  it('falls back to the spec failure text', async () => {
    await startResetServer();
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'broken@x.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset link. Please try again.')).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('without a token: toasts and goes to /forgot-password', async () => {
    await startResetServer();
    const { router } = renderApp('/reset-password');
    expect(await screen.findByText('Invalid or missing reset token.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it("checks the password rules and 'Passwords must match'", async () => {
    await startResetServer();
    const user = userEvent.setup();
    renderApp('/reset-password?token=good-token');
    await user.type(await screen.findByLabelText('New Password'), '123');
    await user.type(screen.getByLabelText('Confirm Password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), '7654321');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(server!.calls('POST /auth/reset/confirm')).toHaveLength(0);
  });

  it("shows 'Resetting password...', sends token and password, toasts and goes to /confirmation", async () => {
    await startResetServer();
    const user = userEvent.setup();
    const { router } = renderApp('/reset-password?token=good-token');
    await user.type(await screen.findByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('button', { name: 'Resetting password...' })).toBeDisabled();
    expect(await screen.findByText('Password has been reset successfully! You can now login.')).toBeInTheDocument();
    expect(server!.calls('POST /auth/reset/confirm')[0]?.body).toEqual({ token: 'good-token', password: 'newpass1' });
    // /confirmation is a guarded page; a signed-out user is asked to sign in first.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/confirmation' } });
  });

  it("toasts the server's message for a used link, else the spec fallback", async () => {
    await startResetServer();
    const user = userEvent.setup();
    renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This reset link is invalid or has expired.')).toBeInTheDocument();
  });

  it('uses the fallback text when the server gives no message', async () => {
    await startResetServer();
    const user = userEvent.setup();
    renderApp('/reset-password?token=broken');
    await user.type(await screen.findByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Failed to reset password. The link may have expired.')).toBeInTheDocument();
  });
});
