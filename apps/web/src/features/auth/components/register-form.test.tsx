import { GUARDIANS_MSG } from '@crs/shared/messages/guardians';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { registerResolver } from '../form-resolvers';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startRegisterServer() {
  server = await startApiServer({
    'POST /auth/register': (req) => {
      const body = req.body as { email: string; roles: string; name: string };
      if (body.email === 'taken@demo.crs') return { status: 409, body: { message: 'An account with this email already exists', code: 'EMAIL_TAKEN' } };
      if (body.email === 'broken@demo.crs') return { status: 500, body: {} };
      const user = makeUser({ ...body, status: body.roles === 'Student' ? 'active' : 'pending', roles: [body.roles] });
      return body.roles === 'Student'
        ? { status: 201, delayMs: 300, body: { message: 'Account created', token: 't', refresh: 'r', refreshToken: 'r', user } }
        : { status: 201, body: { message: 'Account created. Your account is awaiting approval by an administrator.', user } };
    },
  });
  return server;
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'name' | 'email' | 'phone' | 'password' | 'confirm', string>>) {
  if (values.name) await user.type(screen.getByLabelText('Full Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.phone) await user.type(screen.getByLabelText('Phone'), values.phone);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
}

describe('register form', () => {
  it('shows every field rule of spec section 5 on submit', async () => {
    await startRegisterServer();
    const user = userEvent.setup();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    await fill(user, { name: 'A', email: 'bad', phone: '12345', password: '12345', confirm: 'abcdefg' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(server!.calls('POST /auth/register')).toHaveLength(0);
  });

  it("puts 'Passwords must match' on the confirmation field", async () => {
    await startRegisterServer();
    const user = userEvent.setup();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    await fill(user, { name: 'Ann Lee', email: 'ann@x.test', phone: '9876543210', password: 'secret12', confirm: 'secret13' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords must match');
  });

  it("requires a role ('Role is required')", async () => {
    const result = await registerResolver(
      { name: 'Ann Lee', email: 'ann@x.test', phone: '9876543210', password: 'secret12', confirmPassword: 'secret12', roles: '' as 'Student' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors.roles?.message).toBe('Role is required');
  });

  it('accepts only digits in the phone field, at most 10', async () => {
    await startRegisterServer();
    const user = userEvent.setup();
    renderApp('/register');
    const phone = await screen.findByLabelText('Phone');
    await user.type(phone, '98a7-6 54(3)21099');
    expect(phone).toHaveValue('9876543210');
    expect(phone).toHaveAttribute('maxLength', '10');
  });

  it('offers Student (default), Teacher, Staff and Guardian (with a link code)', async () => {
    await startRegisterServer();
    renderApp('/register');
    const group = await screen.findByRole('group', { name: 'Role' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['Student', 'Teacher', 'Staff', 'Guardian']);
    expect(within(group).getByLabelText('Student')).toBeChecked();
    expect(screen.queryByLabelText(GUARDIANS_MSG.guardianCodeLabel)).not.toBeInTheDocument();
    await userEvent.setup().click(within(group).getByLabelText('Guardian'));
    expect(await screen.findByLabelText(GUARDIANS_MSG.guardianCodeLabel)).toBeInTheDocument();
  });

  it("shows 'Creating account...' while busy, then toasts and goes to /login without storing tokens", async () => {
    await startRegisterServer();
    const user = userEvent.setup();
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    await fill(user, { name: 'Ann Lee', email: 'ann@x.test', phone: '9876543210', password: 'secret12', confirm: 'secret12' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(await screen.findByText('Account created! Please login.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server!.calls('POST /auth/register')[0]?.body).toEqual({
      name: 'Ann Lee',
      email: 'ann@x.test',
      phone: '9876543210',
      password: 'secret12',
      roles: 'Student',
    });
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('sends the chosen role (a Teacher sign-up waits for approval) and goes to /login', async () => {
    await startRegisterServer();
    const user = userEvent.setup();
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    await fill(user, { name: 'Tom Teach', email: 'tom@x.test', phone: '9876543210', password: 'secret12', confirm: 'secret12' });
    await user.click(screen.getByLabelText('Teacher'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Account created! Please login.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server!.calls('POST /auth/register')[0]?.body).toMatchObject({ roles: 'Teacher' });
  });

  it("toasts the server's message on failure, else 'Registration failed'", async () => {
    await startRegisterServer();
    const user = userEvent.setup();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    await fill(user, { name: 'Ann Lee', email: 'taken@demo.crs', phone: '9876543210', password: 'secret12', confirm: 'secret12' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'broken@demo.crs');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });
});
