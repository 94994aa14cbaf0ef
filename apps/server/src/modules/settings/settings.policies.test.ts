// Who may join and who returns books (issue 25 item 6): the registration policy (open, domains,
// closed) at POST /auth/register, and the circulation rule selfServiceReturn at the return route —
// both saved through PATCH /settings, validated, audited and applied at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { AuditList } from '@crs/shared/schemas/audit';
import type { Loan } from '@crs/shared/schemas/library';
import type { PublicSettings, Settings } from '@crs/shared/schemas/settings';
import { apiOn, createTestApp, loginAs, uniqueEmail } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows } from '../../../test/util.ts';
import { addBook, giveBack, lend } from '../library/library.fixtures.ts';

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await loginAs(t, ['SuperAdmin']);
});
afterAll(() => t.close());

const api = apiOn(() => t.app);
async function patch(body: object, status = 200) {
  const res = await api('PATCH', '/settings', superAdmin.auth, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const publicSettings = async () => (await api('GET', '/settings/public')).json() as PublicSettings;
const register = (email: string, roles = 'Student') => api('POST', '/auth/register', undefined, { name: 'Asha Verma', email, phone: '9876543210', password: 'secret123', roles });
const usersWithEmail = (email: string) => countRows(t.ctx, 'users', `email = '${email.toLowerCase()}'`);
const at = (domain: string) => uniqueEmail('join').replace(/@.*$/, `@${domain}`);

describe('registration policy: saved and checked', () => {
  beforeEach(async () => {
    await patch({ studentRegistration: 'open', registrationDomains: [], registrationApproval: true });
  });

  it('starts open with no domains, lower-cases and de-duplicates domains (a leading @ dropped), and audits the change', async () => {
    const start = (await api('GET', '/settings', superAdmin.auth)).json().settings as Settings;
    expect(start).toMatchObject({ studentRegistration: 'open', registrationDomains: [], selfServiceReturn: true });
    const json = await patch({ studentRegistration: 'domains', registrationDomains: [' College.EDU ', '@students.college.edu', 'college.edu'] });
    expect(json.settings).toMatchObject({ studentRegistration: 'domains', registrationDomains: ['college.edu', 'students.college.edu'] });
    expect(await publicSettings()).toMatchObject({ studentRegistration: 'domains', registrationDomains: ['college.edu', 'students.college.edu'] });
    const log = (await api('GET', '/audit?action=settings.changed', superAdmin.auth)).json() as AuditList;
    expect(log.entries[0]).toMatchObject({ actor: { id: superAdmin.user.id } });
    expect(log.entries[0]!.changes).toEqual({
      studentRegistration: { from: 'open', to: 'domains' },
      registrationDomains: { from: [], to: ['college.edu', 'students.college.edu'] },
    });
  });

  it.each<[string, object, string, string]>([
    ['an unknown policy', { studentRegistration: 'invite' }, MSG.settingsStudentRegistration, 'studentRegistration'],
    ['a domain with a space', { registrationDomains: ['college edu'] }, MSG.settingsDomain, 'registrationDomains.0'],
    ['an email address as a domain', { registrationDomains: ['ok.edu', 'x@college.edu'] }, MSG.settingsDomain, 'registrationDomains.1'],
    ['a name without a dot', { registrationDomains: ['localhost'] }, MSG.settingsDomain, 'registrationDomains.0'],
    ['a label starting with a hyphen', { registrationDomains: ['-college.edu'] }, MSG.settingsDomain, 'registrationDomains.0'],
    ['21 domains', { registrationDomains: Array.from({ length: 21 }, (_, i) => `c${i}.edu`) }, MSG.settingsDomainsCount, 'registrationDomains'],
    ['domains without any domain', { studentRegistration: 'domains', registrationDomains: [] }, MSG.settingsDomainsRequired, 'registrationDomains'],
    ['self-service return as text', { selfServiceReturn: 'no' }, MSG.settingsSelfServiceReturn, 'selfServiceReturn'],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_, body, message, path) => {
    const res = await api('PATCH', '/settings', superAdmin.auth, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await publicSettings()).toMatchObject({ studentRegistration: 'open', registrationDomains: [], selfServiceReturn: true });
  });

  it('domains: refuses someone@gmail.com as a Student with 403 naming the rule, accepts the college domain', async () => {
    await patch({ studentRegistration: 'domains', registrationDomains: ['college.edu'] });
    const outsider = at('gmail.com');
    const refused = await register(outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.registrationDomainOnly(['college.edu']), code: 'REGISTRATION_DOMAIN' });
    expect(refused.json().message).toContain('@college.edu');
    expect(await usersWithEmail(outsider)).toBe(0);
    // A look-alike is not the domain.
    expect((await register(at('notcollege.edu'))).statusCode).toBe(403);

    const insider = at('College.edu');
    const ok = await register(insider);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ message: MSG.registered, user: { roles: ['Student'], status: 'active' } });
  });

  it('closed: refuses every Student self-registration with 403 saying accounts come from the college', async () => {
    await patch({ studentRegistration: 'closed' });
    for (const email of [at('gmail.com'), at('college.edu')]) {
      const res = await register(email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.registrationClosed, code: 'REGISTRATION_CLOSED' });
      expect(await usersWithEmail(email)).toBe(0);
    }
    // Accounts still come from People.
    const made = await api('POST', '/users', superAdmin.auth, { name: 'Made In People', email: at('college.edu'), phone: '9876543210', roles: ['Student'] });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('Teacher/Staff sign-ups the policy would refuse wait for approval even with approval off; admitted ones follow the approval setting', async () => {
    await patch({ studentRegistration: 'domains', registrationDomains: ['college.edu'], registrationApproval: false });
    const outsider = await register(at('gmail.com'), 'Teacher');
    expect(outsider.statusCode, outsider.body).toBe(201);
    expect(outsider.json()).toMatchObject({ message: MSG.registeredPending, user: { roles: ['Teacher'], status: 'pending' } });
    const insider = await register(at('college.edu'), 'Staff');
    expect(insider.json()).toMatchObject({ message: MSG.registered, user: { roles: ['Staff'], status: 'active' } });

    await patch({ studentRegistration: 'closed' });
    expect((await register(at('college.edu'), 'Staff')).json()).toMatchObject({ user: { status: 'pending' } });
  });

  it('open: anyone may register as a Student, as before', async () => {
    expect((await register(at('gmail.com'))).statusCode).toBe(201);
  });
});

describe('selfServiceReturn', () => {
  let desk: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    desk = await loginAs(t, ['Librarian']);
  });
  afterAll(async () => {
    await patch({ selfServiceReturn: true });
  });

  it('off: a Student return answers 403 with a clear message and changes nothing; the desk return still works; on again: the Student returns', async () => {
    const student = await loginAs(t, ['Student']);
    const book = await addBook(t, desk.auth, { copiesTotal: 1 });
    const loan = await lend(t, student.auth, book._id);
    await patch({ selfServiceReturn: false });
    expect(await publicSettings()).toMatchObject({ selfServiceReturn: false });

    const refused = await giveBack(t, student.auth, book._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.selfReturnOff, code: 'SELF_RETURN_OFF' });
    const held = (await api('GET', '/library/loans', student.auth)).json() as { loans: Loan[] };
    expect(held.loans.find((l) => l._id === loan._id)?.status).toBe('active');

    const atDesk = await giveBack(t, desk.auth, book._id, student.user.id);
    expect(atDesk.statusCode, atDesk.body).toBe(200);
    expect((atDesk.json() as { loan: Loan }).loan).toMatchObject({ _id: loan._id, status: 'returned' });

    await patch({ selfServiceReturn: true });
    await lend(t, student.auth, book._id);
    expect((await giveBack(t, student.auth, book._id)).statusCode).toBe(200);
  });
});
