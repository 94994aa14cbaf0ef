import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const student = makeUser({ roles: ['Student'], name: 'Sam Student', email: 'sam@demo.crs' });

async function startAuthServer(loginDelayMs = 0) {
  server = await startApiServer({
    'POST /auth/login': (req) => {
      const { email, password } = req.body as { email: string; password: string };
      if (email === 'pending@demo.crs') return { status: 403, body: { message: 'Your account is awaiting approval', code: 'ACCOUNT_PENDING' } };
      if (email === 'broken@demo.crs') return { status: 500, body: {} };
      if (email !== 'sam@demo.crs' || password !== 'demo1234') return { status: 401, body: { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' } };
      return { delayMs: loginDelayMs, body: { message: 'Login successful', token: 'access', refresh: 'refresh', refreshToken: 'refresh', user: student } };
    },
    'GET /auth/users/me': (req) =>
      req.headers.authorization === 'Bearer access' ? { body: { message: 'User fetched', user: student } } : { status: 401, body: { message: 'no', code: 'UNAUTHENTICATED' } },
  });
  return server;
}

function fields() {
  return { email: screen.getByLabelText('Email'), password: screen.getByLabelText('Password'), submit: screen.getByRole('button', { name: 'Login' }) };
}

describe('login form', () => {
  it('validates on submit with the spec messages, then re-validates on change', async () => {
    await startAuthServer();
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    const { email, password, submit } = fields();

    await user.type(email, 'not-an-email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // nothing before the first submit
    await user.click(submit);
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Invalid email address');

    await user.clear(email);
    await user.type(email, 'sam@demo.crs');
    await waitFor(() => expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument());

    await user.type(password, 'x'.repeat(51));
    expect(await screen.findByText('Password is too long')).toBeInTheDocument();
    expect(server!.calls('POST /auth/login')).toHaveLength(0);
  });

  it('shows "Logging in..." with the button disabled, then toasts and goes to /dashboard, replacing history', async () => {
    await startAuthServer(300);
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    const { email, password, submit } = fields();
    await user.type(email, '  Sam@Demo.crs ');
    await user.type(password, 'demo1234');
    await user.click(submit);

    const pending = await screen.findByRole('button', { name: 'Logging in...' });
    expect(pending).toBeDisabled();
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/student'));
    expect(server!.calls('POST /auth/login')[0]?.body).toEqual({ email: 'sam@demo.crs', password: 'demo1234' });
    expect(window.localStorage.getItem('token')).toBe('access');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh');
    expect(window.localStorage.getItem('refresh')).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('returns to the page the user was sent from', async () => {
    await startAuthServer();
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/student/courses');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email'), 'sam@demo.crs');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'My Courses' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/student/courses');
  });

  it("toasts the server's message on failure (a pending account's 403 does not redirect)", async () => {
    await startAuthServer();
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email'), 'pending@demo.crs');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Your account is awaiting approval')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Invalid credentials' when the answer has no message", async () => {
    await startAuthServer();
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email'), 'broken@demo.crs');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
  });

  it('links to /forgot-password and /register and has the theme toggle', async () => {
    await startAuthServer();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: /^Theme: System/ })).toBeInTheDocument();
  });
});
