// Accounts endpoints: register, login, logout, refresh, me (quality.md "Accounts", 8.2.3).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, createUser, login, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { bearer, countRows, one, rows } from '../../../test/util.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload: payload as object, headers });

const registration = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email: uniqueEmail('reg'),
  phone: '9876543210',
  password: 'secret123',
  roles: 'Student',
  ...over,
});

const usersWithEmail = (email: string) => countRows(t.ctx, 'users', `email = '${email.toLowerCase().replace(/'/g, "''")}'`);

/** A 400 whose message (and errors[]) carry `message` exactly. */
function expectValidation(res: { statusCode: number; json(): unknown }, message: string, path?: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; code: string; errors: Array<{ path: string; message: string }> };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors.map((e) => e.message)).toContain(message);
  if (path) expect(body.errors).toContainEqual({ path, message });
}

describe('POST /auth/register', () => {
  it('makes a Student active at once, with tokens and a student number', async () => {
    const body = registration();
    const res = await post('/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({ message: MSG.registered, user: { email: body.email, name: 'Asha Verma', phone: '9876543210', roles: ['Student'], status: 'active' } });
    expect(json.token).toEqual(expect.any(String));
    expect(json.refreshToken).toEqual(expect.any(String));
    expect(json.refresh).toBe(json.refreshToken);
    expect(json.user.studentId).toMatch(/^STU\d{6}$/);
    expect(json.user).not.toHaveProperty('passwordHash');
    expect(res.headers['cache-control']).toBe('no-store');
    // The token works at once.
    const me = await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(json.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(json.user._id);
  });

  it.each(['Teacher', 'Staff'])('keeps a %s pending: no tokens, and login answers 403 awaiting approval', async (role) => {
    const body = registration({ roles: role });
    const res = await post('/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe(MSG.registeredPending);
    expect(json.user).toMatchObject({ roles: [role], status: 'pending', studentId: null });
    expect(json).not.toHaveProperty('token');
    expect(json).not.toHaveProperty('refreshToken');
    expect(json).not.toHaveProperty('refresh');
    expect(await countRows(t.ctx, 'sessions', `user_id = '${json.user._id}'`)).toBe(0);

    const li = await post('/login', { email: body.email, password: body.password });
    expect(li.statusCode).toBe(403);
    expect(li.json().message).toContain('awaiting approval');
    expect(li.json().code).toBe('ACCOUNT_PENDING');
  });

  it('makes a Teacher active at once when CRS_REGISTRATION_APPROVAL=off', async () => {
    const open = await createTestApp({ CRS_REGISTRATION_APPROVAL: 'off' });
    try {
      const body = registration({ roles: 'Teacher' });
      const res = await open.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: MSG.registered, user: { roles: ['Teacher'], status: 'active' } });
      expect(res.json().token).toEqual(expect.any(String));
      await login(open.app, body.email, body.password);
    } finally {
      await open.close();
    }
  });

  it.each(['Admin', 'SuperAdmin', 'Librarian', 'student', ['Student'], ''])('refuses roles %j with 400 and creates nothing', async (roles) => {
    const body = registration({ roles });
    const res = await post('/register', body);
    expectValidation(res, MSG.roleRequired, 'roles');
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('refuses an extra field such as isAdmin with 400 and creates nothing', async () => {
    for (const extra of [{ isAdmin: true }, { status: 'active' }, { roles: 'Student', studentId: 'STU000001' }, { tokenVersion: 5 }]) {
      const body = registration(extra);
      const res = await post('/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toMatch(/Unknown field/);
      expect(await usersWithEmail(body.email)).toBe(0);
    }
  });

  it('answers each field rule with its message', async () => {
    expectValidation(await post('/register', registration({ name: 'A' })), MSG.nameMin, 'name');
    expectValidation(await post('/register', registration({ name: '   x   ' })), MSG.nameMin, 'name');
    expectValidation(await post('/register', registration({ email: 'not-an-email' })), MSG.invalidEmail, 'email');
    expectValidation(await post('/register', registration({ email: 'a@b' })), MSG.invalidEmail, 'email');
    expectValidation(await post('/register', registration({ phone: '12345' })), MSG.phoneDigits, 'phone');
    expectValidation(await post('/register', registration({ phone: '98765432101' })), MSG.phoneDigits, 'phone');
    expectValidation(await post('/register', registration({ phone: '98765x3210' })), MSG.phoneDigits, 'phone');
    expectValidation(await post('/register', registration({ password: '12345' })), MSG.passwordMin, 'password');
    expectValidation(await post('/register', registration({ password: 'x'.repeat(51) })), MSG.passwordMax, 'password');
    const { roles: _r, ...noRole } = registration();
    expectValidation(await post('/register', noRole), MSG.roleRequired, 'roles');
    // Every problem is listed, not only the first.
    const res = await post('/register', { name: 'A', email: 'x', phone: '1', password: '1', roles: 'Admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message).sort()).toEqual(
      [MSG.nameMin, MSG.invalidEmail, MSG.phoneDigits, MSG.passwordMin, MSG.roleRequired].sort(),
    );
  });

  it('accepts 6 and 50 character passwords (the bounds)', async () => {
    expect((await post('/register', registration({ password: '123456' }))).statusCode).toBe(201);
    expect((await post('/register', registration({ password: 'p'.repeat(50) }))).statusCode).toBe(201);
  });

  it('answers a duplicate email with 409, also when it differs only in case, and creates nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await post('/register', registration({ email }))).statusCode).toBe(201);
    for (const again of [email, email.toUpperCase(), `  ${email.replace(/^./, (c) => c.toUpperCase())}  `]) {
      const res = await post('/register', registration({ email: again, name: 'Someone Else' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MSG.emailTaken, code: 'EMAIL_TAKEN' });
    }
    expect(await usersWithEmail(email)).toBe(1);
    const [row] = await rows<{ name: string }>(t.ctx, sql`select name from users where email = ${email}`);
    expect(row!.name).toBe('Asha Verma');
  });

  it('stores the email lower-cased and trimmed', async () => {
    const email = uniqueEmail('Case').toUpperCase();
    const res = await post('/register', registration({ email: `  ${email} ` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(email.toLowerCase());
  });

  it('never trims a password: " secret12 " works only with its spaces', async () => {
    const body = registration({ password: ' secret12 ' });
    expect((await post('/register', body)).statusCode).toBe(201);
    expect((await post('/login', { email: body.email, password: 'secret12' })).statusCode).toBe(401);
    expect((await post('/login', { email: body.email, password: ' secret12' })).statusCode).toBe(401);
    expect((await post('/login', { email: body.email, password: ' secret12 ' })).statusCode).toBe(200);
  });

  it('hashes with argon2id m=19456,t=2,p=1 and a salt: equal passwords get different hashes', async () => {
    const a = registration({ password: 'same-password' });
    const b = registration({ password: 'same-password' });
    expect((await post('/register', a)).statusCode).toBe(201);
    expect((await post('/register', b)).statusCode).toBe(201);
    const hashes = await rows<{ password_hash: string }>(t.ctx, sql`select password_hash from users where email in (${a.email}, ${b.email})`);
    expect(hashes).toHaveLength(2);
    for (const h of hashes) {
      expect(h.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(h.password_hash).not.toContain('same-password');
    }
    expect(hashes[0]!.password_hash).not.toBe(hashes[1]!.password_hash);
  });
});

describe('POST /auth/login', () => {
  it('answers {message, token, refresh, refreshToken, user} for the right password', async () => {
    const u = await createUser(t.ctx, { roles: ['Teacher'], name: 'Meera Iyer' });
    const res = await post('/login', { email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['message', 'refresh', 'refreshToken', 'token', 'user']);
    expect(json.message).toBe(MSG.loggedIn);
    expect(json.token.split('.')).toHaveLength(3);
    expect(json.refresh).toBe(json.refreshToken);
    // 256-bit opaque refresh token, not a JWT.
    expect(json.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const k of ['_id', 'name', 'email', 'phone', 'bio', 'avatar', 'studentId', 'roles']) expect(json.user).toHaveProperty(k);
    expect(json.user).toMatchObject({ _id: u.id, name: 'Meera Iyer', email: u.email, roles: ['Teacher'] });
    expect(Array.isArray(json.user.roles)).toBe(true);
    for (const secret of ['passwordHash', 'password', 'password_hash', 'tokenVersion']) expect(json.user).not.toHaveProperty(secret);
    expect(res.headers['cache-control']).toBe('no-store');
    // The refresh token is stored only as its hash.
    expect(await countRows(t.ctx, 'refresh_tokens', `token_hash = '${json.refreshToken}'`)).toBe(0);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const u = await createUser(t.ctx);
    const wrong = await post('/login', { email: u.email, password: 'wrong-password' }, { 'user-agent': 'x' });
    const unknown = await post('/login', { email: uniqueEmail('nobody'), password: 'wrong-password' }, { 'user-agent': 'x' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ message: MSG.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    const strip = (h: Record<string, unknown>) => {
      const { date: _d, ...rest } = h;
      return rest;
    };
    expect(strip(unknown.headers)).toEqual(strip(wrong.headers));
  });

  it('refuses a disabled account with 403 once the password is right, 401 otherwise', async () => {
    const u = await createUser(t.ctx, { status: 'disabled' });
    const ok = await post('/login', { email: u.email, password: u.password });
    expect(ok.statusCode).toBe(403);
    expect(ok.json()).toEqual({ message: MSG.accountDisabled, code: 'ACCOUNT_DISABLED' });
    expect((await post('/login', { email: u.email, password: 'wrong-one' })).statusCode).toBe(401);
  });

  it('answers each field rule with its message', async () => {
    expectValidation(await post('/login', { email: 'nope', password: 'secret123' }), MSG.invalidEmail, 'email');
    expectValidation(await post('/login', { email: 'a@b.co', password: '123' }), MSG.passwordMin, 'password');
    expectValidation(await post('/login', { email: 'a@b.co', password: 'x'.repeat(51) }), MSG.passwordMax, 'password');
    expect((await post('/login', { email: 'a@b.co' })).statusCode).toBe(400);
    expect((await post('/login', { email: 'a@b.co', password: 'secret123', remember: true })).statusCode).toBe(400);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session: its access token is refused on the very next request, its refresh token too', async () => {
    const { token, refreshToken, user } = await loginAs(t);
    const other = await login(t.app, user.email, user.password); // a second device
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.loggedOut });
    const me = await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: MSG.unauthenticated, code: 'UNAUTHENTICATED' });
    expect((await post('/refresh', { refreshToken })).statusCode).toBe(401);
    // Logging out twice is a 401 (the session is gone), never a 500.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) })).statusCode).toBe(401);
    // The other device's session lives on.
    expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(other.token) })).statusCode).toBe(200);
    const s = await one<{ revoke_reason: string | null }>(t.ctx, sql`select revoke_reason from sessions where user_id = ${user.id} and revoked_at is not null`);
    expect(s.revoke_reason).toBe('logout');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: a new access and refresh token, both working', async () => {
    const a = await loginAs(t);
    const res = await post('/refresh', { refreshToken: a.refreshToken });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['refreshToken', 'token']);
    expect(json.refreshToken).not.toBe(a.refreshToken);
    expect((await t.app.inject({ url: '/api/v1/auth/users/me', headers: bearer(json.token) })).statusCode).toBe(200);
    expect((await post('/refresh', { refreshToken: json.refreshToken })).statusCode).toBe(200);
  });

  it('refuses unknown tokens with 401 and bad bodies with 400', async () => {
    const res = await post('/refresh', { refreshToken: 'not-a-real-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.sessionExpired, code: 'INVALID_REFRESH_TOKEN' });
    expect((await post('/refresh', {})).statusCode).toBe(400);
    expect((await post('/refresh', { refreshToken: '' })).statusCode).toBe(400);
    expect((await post('/refresh', { refreshToken: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await post('/refresh', { refreshToken: 'abc', extra: 1 })).statusCode).toBe(400);
    expect((await post('/refresh', { refreshToken: 42 })).statusCode).toBe(400);
  });
});

describe('GET /auth/users/me', () => {
  it('answers the signed-in user', async () => {
    const a = await loginAs(t, ['Librarian']);
    const res = await t.app.inject({ url: '/api/v1/auth/users/me', headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.userFetched, user: { _id: a.user.id, email: a.user.email, roles: ['Librarian'], status: 'active' } });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.unauthenticated, code: 'UNAUTHENTICATED' });
  });
});

describe('PATCH /auth/users/me', () => {
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/auth/users/me', headers, payload: payload as object });
  const snapshot = (id: string) =>
    one(t.ctx, sql`select name, email, bio, roles, status, password_hash, token_version, phone, student_id from users where id = ${id}`);

  it('changes name, email and bio', async () => {
    const a = await loginAs(t);
    const email = uniqueEmail('New').toUpperCase();
    const res = await patch(a.auth, { name: '  Ravi Kumar ', email, bio: 'Third year, CS.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.profileUpdated, user: { name: 'Ravi Kumar', email: email.toLowerCase(), bio: 'Third year, CS.', roles: ['Student'] } });
    // Seen on the next request (the auth cache was refreshed) and in the database.
    const me = await t.app.inject({ url: '/api/v1/auth/users/me', headers: a.auth });
    expect(me.json().user).toMatchObject({ name: 'Ravi Kumar', email: email.toLowerCase(), bio: 'Third year, CS.' });
    // The new email signs in; the old one does not.
    await login(t.app, email, a.user.password);
    expect((await post('/login', { email: a.user.email, password: a.user.password })).statusCode).toBe(401);
    // One field at a time works too.
    expect((await patch(a.auth, { bio: '' })).json().user.bio).toBe('');
    expect((await patch(a.auth, {})).statusCode).toBe(200);
  });

  it('refuses roles, status, password and any other field with 400 and changes nothing', async () => {
    const a = await loginAs(t);
    const before = await snapshot(a.user.id);
    for (const body of [
      { roles: ['SuperAdmin'] },
      { roles: 'Admin' },
      { status: 'active' },
      { password: 'new-password' },
      { passwordHash: 'x' },
      { tokenVersion: 0 },
      { studentId: 'STU999999' },
      { name: 'Sneaky', roles: ['Admin'] },
      { bio: 'ok', isAdmin: true },
    ]) {
      const res = await patch(a.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(a.user.id)).toEqual(before);
    const me = await t.app.inject({ url: '/api/v1/auth/users/me', headers: a.auth });
    expect(me.json().user.roles).toEqual(['Student']);
  });

  it('answers each field rule with its message', async () => {
    const a = await loginAs(t);
    expectValidation(await patch(a.auth, { name: '   ' }), MSG.profileNameRequired, 'name');
    expectValidation(await patch(a.auth, { email: 'nope' }), MSG.profileInvalidEmail, 'email');
    expect((await patch(a.auth, { bio: 'b'.repeat(1001) })).statusCode).toBe(400);
    expect((await patch(a.auth, { name: 42 })).statusCode).toBe(400);
  });

  it("answers 409 for another account's email and keeps both", async () => {
    const a = await loginAs(t);
    const b = await createUser(t.ctx);
    const res = await patch(a.auth, { email: b.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.emailTaken, code: 'EMAIL_TAKEN' });
    expect((await snapshot(a.user.id)).email).toBe(a.user.email);
  });

  it('answers 401 without a token', async () => {
    expect((await patch({}, { name: 'Nobody' })).statusCode).toBe(401);
  });
});

describe('length limits (a 2,800-character email was a 500 from a database index limit)', () => {
  const huge = `${'a'.repeat(2800)}@example.com`;
  const atLimit = `${'b'.repeat(254 - '@example.com'.length)}@example.com`;

  it('refuses an over-long email with 400 and its message on register, login, reset request and profile', async () => {
    expectValidation(await post('/register', registration({ email: huge })), MSG.emailTooLong, 'email');
    expectValidation(await post('/login', { email: huge, password: 'secret123' }), MSG.emailTooLong, 'email');
    expectValidation(await post('/reset/request', { email: huge }), MSG.emailTooLong, 'email');
    const a = await loginAs(t);
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/users/me', headers: a.auth, payload: { email: huge } });
    expectValidation(patch, MSG.emailTooLong, 'email');
    // Nothing was written or counted: no user, no throttling row with the address.
    expect(await usersWithEmail(huge)).toBe(0);
    expect(await countRows(t.ctx, 'auth_attempts', `length(email) > 254`)).toBe(0);
  });

  it('accepts an email of exactly 254 characters', async () => {
    const res = await post('/register', registration({ email: atLimit }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(atLimit);
    expect((await post('/login', { email: atLimit, password: 'secret123' })).statusCode).toBe(200);
  });

  it('refuses an over-long name or bio with its message', async () => {
    expectValidation(await post('/register', registration({ name: 'N'.repeat(101) })), MSG.nameTooLong, 'name');
    const a = await loginAs(t);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/v1/auth/users/me', headers: a.auth, payload });
    expectValidation(await patch({ name: 'N'.repeat(101) }), MSG.nameTooLong, 'name');
    expectValidation(await patch({ bio: 'B'.repeat(1001) }), MSG.bioTooLong, 'bio');
    expect((await patch({ bio: 'B'.repeat(1000) })).statusCode).toBe(200);
  });
});
