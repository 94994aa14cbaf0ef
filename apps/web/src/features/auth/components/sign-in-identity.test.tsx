import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { makeUser, startApiServer, type ApiServer, type Handler, type Reply } from '@/test/api-server';
import { renderApp } from '@/test/render';

// Issue 28's sign-in screens: the provider buttons under the password form, the second step when
// the server answers `mfaRequired` (a code, a recovery code, or the enrolment a role requires), and
// /login/callback, where the identity provider's sign-in comes back.

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const student = makeUser({ roles: ['Student'], name: 'Sam Student', email: 'sam@demo.crs' });
const TOKENS = { message: 'Login successful', token: 'access', refresh: 'refresh', refreshToken: 'refresh', user: student };
const realFetch = globalThis.fetch;
const CHALLENGE = { message: IDENTITY_MSG.mfaRequiredToContinue, mfaRequired: true, mfaToken: 'mfa-token', enrolRequired: false };

/**
 * The fake API, reached by the API client and — for the public provider list, which /login reads
 * with the browser's fetch (decision 0012) — by fetch of `/api/v1/…` too.
 */
async function start(routes: Record<string, Handler | Reply>) {
  server = await startApiServer({
    'GET /auth/users/me': (req) => (req.headers.authorization === 'Bearer access' ? { body: { message: 'User fetched', user: student } } : { status: 401, body: { message: 'no', code: 'UNAUTHENTICATED' } }),
    ...routes,
  });
  const base = server.baseURL;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input);
    // Without the signal: jsdom's AbortSignal is not the one Node's fetch accepts.
    return realFetch(url.startsWith('/api/v1/') ? `${base}${url.slice('/api/v1'.length)}` : url, { ...init, signal: null });
  });
  return server;
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Login' });
  await user.type(screen.getByLabelText('Email'), 'sam@demo.crs');
  await user.type(screen.getByLabelText('Password'), 'demo1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/login: the identity providers', () => {
  it('shows "or" and one "Sign in with <label>" link per provider, each starting at the server with the page the user wanted', async () => {
    await start({ 'GET /auth/oidc/providers': { body: { providers: [{ id: 'google', label: 'Campus Google' }, { id: 'default', label: 'Keycloak' }] } } });
    renderApp('/dashboard/student/courses');
    // The first test of the file also transforms the lazy sign-in modules: more time on a loaded machine.
    const google = await screen.findByRole('link', { name: 'Sign in with Campus Google' }, { timeout: 10_000 });
    expect(google).toHaveAttribute('href', '/api/v1/auth/oidc/google/start?returnTo=%2Fdashboard%2Fstudent%2Fcourses');
    expect(screen.getByRole('link', { name: 'Sign in with Keycloak' })).toHaveAttribute('href', '/api/v1/auth/oidc/default/start?returnTo=%2Fdashboard%2Fstudent%2Fcourses');
    expect(screen.getByText('or')).toBeInTheDocument();
    // The spec's form stays as it is, above them.
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('returns to /dashboard by default, and shows nothing extra when there is no provider or the list fails', async () => {
    await start({ 'GET /auth/oidc/providers': { body: { providers: [{ id: 'entra', label: 'Microsoft' }] } } });
    const first = renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute('href', '/api/v1/auth/oidc/entra/start?returnTo=%2Fdashboard');
    first.unmount();
    await server!.close();

    await start({ 'GET /auth/oidc/providers': { body: { providers: [] } } });
    const second = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(server!.calls('GET /auth/oidc/providers')).toHaveLength(1));
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    second.unmount();
    await server!.close();

    await start({ 'GET /auth/oidc/providers': { status: 500, body: {} } });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(server!.calls('GET /auth/oidc/providers')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/login: the second factor', () => {
  it('asks for the 6-digit code on the same page, checks its form, shows a wrong code, then signs in', async () => {
    await start({
      'POST /auth/login': { body: CHALLENGE },
      'POST /auth/mfa/verify': (req) =>
        (req.body as { code: string }).code === '123456' ? { body: TOKENS } : { status: 401, body: { message: IDENTITY_MSG.mfaCodeInvalid, code: 'MFA_CODE_INVALID' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await signInWithPassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toHaveFocus();
    expect(screen.getByText(IDENTITY_MSG.mfaRequiredToContinue)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(IDENTITY_MSG.mfaCodeFormat)).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(expect.stringContaining(IDENTITY_MSG.mfaCodeFormat));
    expect(server!.calls('POST /auth/mfa/verify')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_MSG.mfaCodeInvalid);
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/student'));
    expect(server!.calls('POST /auth/mfa/verify').map((c) => c.body)).toEqual([
      { mfaToken: 'mfa-token', code: '000000' },
      { mfaToken: 'mfa-token', code: '123456' },
    ]);
    expect(window.localStorage.getItem('token')).toBe('access');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh');
  });

  it('takes a recovery code instead, and goes back to the password form on request', async () => {
    await start({ 'POST /auth/login': { body: CHALLENGE }, 'POST /auth/mfa/verify': { body: TOKENS } });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();

    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveAttribute('inputmode', 'text');
    await user.type(field, 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/student'));
    expect(server!.calls('POST /auth/mfa/verify')[0]?.body).toEqual({ mfaToken: 'mfa-token', code: 'abcde-12345' });
  });

  it('enrols a role that must have a second factor: QR and key, a first code, the recovery codes once, then continues signed in', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    await start({
      'POST /auth/login': { body: { ...CHALLENGE, message: IDENTITY_MSG.mfaEnrolRequired, enrolRequired: true } },
      'POST /auth/mfa/totp/setup': { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/CRS:sam?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' } },
      'POST /auth/mfa/totp/confirm': (req) =>
        (req.body as { code: string }).code === '654321'
          ? { body: { ...TOKENS, message: IDENTITY_MSG.mfaEnabled, recoveryCodes: codes } }
          : { status: 400, body: { message: IDENTITY_MSG.mfaCodeInvalid, code: 'MFA_CODE_INVALID' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await signInWithPassword(user);
    expect(await screen.findByText(IDENTITY_MSG.mfaEnrolRequired)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(server!.calls('POST /auth/mfa/totp/setup')[0]?.body).toEqual({ mfaToken: 'mfa-token' });

    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_MSG.mfaCodeInvalid);
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(screen.getByText(IDENTITY_MSG.mfaRecoveryCodesNote)).toBeInTheDocument();
    // Not signed in until the user has had the chance to keep the codes.
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(`${codes.join('\n')}\n`);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/student'));
    expect(window.localStorage.getItem('token')).toBe('access');
    expect(server!.calls('POST /auth/mfa/totp/confirm').at(-1)?.body).toEqual({ code: '654321', mfaToken: 'mfa-token' });
  });
});

describe('/login/callback', () => {
  it('clears the fragment from the history at once, exchanges the one-time code and signs in at returnTo', async () => {
    await start({ 'POST /auth/oidc/exchange': { delayMs: 300, body: TOKENS } });
    const { router } = renderApp('/login/callback#code=one-time&returnTo=%2Fdashboard%2Fstudent%2Fcourses');
    expect((await screen.findAllByText(IDENTITY_MSG.oidcSigningIn)).length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/login/callback');
    expect(router.state.historyAction).toBe('REPLACE');

    expect(await screen.findByRole('heading', { name: 'My Courses' })).toBeInTheDocument();
    expect(server!.calls('POST /auth/oidc/exchange').map((c) => c.body)).toEqual([{ code: 'one-time' }]);
    expect(window.localStorage.getItem('token')).toBe('access');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh');
  });

  it("goes to the role's dashboard when returnTo is not a path of ours", async () => {
    await start({ 'POST /auth/oidc/exchange': { body: TOKENS } });
    const { router } = renderApp('/login/callback#code=c1&returnTo=%2F%2Fevil.example%2Fx');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/student'));
  });

  it("shows the provider's refusal from the fragment with a link back to /login, without an exchange", async () => {
    await start({});
    const message = IDENTITY_MSG.oidcDomainRefused('gmail.com');
    const { router } = renderApp(`/login/callback#error=OIDC_DOMAIN_REFUSED&message=${encodeURIComponent(message)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(server!.calls('POST /auth/oidc/exchange')).toHaveLength(0);
  });

  it("shows the exchange's refusal (an expired code), and with no code at all the general failure", async () => {
    await start({ 'POST /auth/oidc/exchange': { status: 400, body: { message: IDENTITY_MSG.oidcCodeInvalid, code: 'OIDC_CODE_INVALID' } } });
    const first = renderApp('/login/callback#code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_MSG.oidcCodeInvalid);
    expect(window.localStorage.getItem('token')).toBeNull();
    first.unmount();
    renderApp('/login/callback');
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_MSG.oidcSignInFailed);
  });

  it('asks for the second factor when the exchange answers mfaRequired, then signs in', async () => {
    await start({ 'POST /auth/oidc/exchange': { body: CHALLENGE }, 'POST /auth/mfa/verify': { body: TOKENS } });
    const user = userEvent.setup();
    const { router } = renderApp('/login/callback#code=c2&returnTo=%2Fdashboard%2Fstudent%2Fcourses');
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/student/courses'));
    expect(server!.calls('POST /auth/mfa/verify')[0]?.body).toEqual({ mfaToken: 'mfa-token', code: '123456' });
  });
});
