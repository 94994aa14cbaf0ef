import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { SETTINGS_MSG } from '@crs/shared/messages/settings';
import type { OidcProvider } from '@crs/shared/schemas/identity';
import { DEFAULT_GRADE_SCALE, DEFAULT_LIFETIMES, type Settings } from '@crs/shared/schemas/settings';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

// Settings (issue 28): the two-factor switch for administrators and the Sign-in providers section.

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SETTINGS: Settings = {
  institutionName: 'Test Institute of Technology',
  shortName: 'TIT',
  academicYear: '2026-27',
  terms: [],
  registrationApproval: true,
  studentRegistration: 'open',
  registrationDomains: [],
  selfServiceReturn: true,
  opacEnabled: false,
  attendanceThreshold: 75,
  attendanceCorrectionDays: 7,
  gradeScale: DEFAULT_GRADE_SCALE,
  ...DEFAULT_LIFETIMES,
  auditRetentionDays: 365,
  holdBackAttendanceBelow: 0,
  holdBackFailedCreditsAbove: null,
  mfaRequiredForAdmins: false,
  logoUrl: null,
  smtpConfigured: false,
  updatedAt: null,
};

function provider(over: Partial<OidcProvider> = {}): OidcProvider {
  return {
    id: 'google',
    label: 'Campus Google',
    issuer: 'https://accounts.google.com',
    clientId: 'client-1',
    clientSecretSet: true,
    enabled: true,
    allowedDomains: ['college.edu'],
    roleClaim: null,
    roleMapping: [],
    defaultRole: 'Student',
    approvalForStaff: true,
    amrCountsAsMfa: false,
    requiredForRoles: [],
    requiredForDomains: [],
    source: 'settings',
    redirectUri: 'https://crs.college.edu/api/v1/auth/oidc/google/callback',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: null,
    ...over,
  };
}

const superAdmin = makeUser({ roles: ['SuperAdmin'] });

describe('Settings: two-factor for administrators', () => {
  it('saves the switch as mfaRequiredForAdmins', async () => {
    server = await signedInAs(superAdmin, {
      'GET /settings': { body: { settings: SETTINGS } },
      'GET /settings/oidc-providers': { body: { providers: [] } },
      'PATCH /settings': (req) => ({ body: { message: SETTINGS_MSG.settingsSaved, settings: { ...SETTINGS, ...(req.body as object) } } }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/superadmin/settings');
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor authentication for Admins and SuperAdmins' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server!.calls('PATCH /settings')).toHaveLength(1));
    expect(server.calls('PATCH /settings')[0]?.body).toEqual({ mfaRequiredForAdmins: true });
  });
});

// Long forms typed key by key: more than the default budget on a loaded two-core machine.
describe('Settings: sign-in providers', { timeout: 40_000 }, () => {
  it('lists providers with their redirect URI to copy, the environment one read-only, and shows when there is none', async () => {
    server = await signedInAs(superAdmin, {
      'GET /settings': { body: { settings: SETTINGS } },
      'GET /settings/oidc-providers': { body: { providers: [provider(), provider({ id: 'default', label: 'Keycloak', source: 'environment', enabled: true, redirectUri: 'https://crs.college.edu/api/v1/auth/oidc/default/callback' })] } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/superadmin/settings');
    const card = await screen.findByRole('region', { name: 'Sign-in providers' });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('https://crs.college.edu/api/v1/auth/oidc/google/callback')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Edit Campus Google' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('From environment variables (read-only)')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /^Edit|^Delete/ })).not.toBeInTheDocument();
    await user.click(within(items[1]!).getByRole('button', { name: 'Copy the redirect URI of Keycloak' }));
    expect(await navigator.clipboard.readText()).toBe('https://crs.college.edu/api/v1/auth/oidc/default/callback');
  });

  it('adds a provider with every field, showing the schema messages first and the server refusal in the form', async () => {
    let taken = true;
    server = await signedInAs(superAdmin, {
      'GET /settings': { body: { settings: SETTINGS } },
      'GET /settings/oidc-providers': { body: { providers: [] } },
      'POST /settings/oidc-providers': () => {
        if (taken) {
          taken = false;
          return { status: 409, body: { message: IDENTITY_MSG.oidcProviderIdTaken, code: 'CONFLICT' } };
        }
        return { status: 201, body: { message: IDENTITY_MSG.oidcProviderCreated, provider: provider({ id: 'entra' }) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/superadmin/settings');
    const card = await screen.findByRole('region', { name: 'Sign-in providers' });
    expect(await within(card).findByText('No provider yet: people sign in with their password.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a sign-in provider' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(IDENTITY_MSG.oidcLabelRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(IDENTITY_MSG.oidcProviderIdInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(IDENTITY_MSG.oidcClientSecretRequired)).toBeInTheDocument();
    expect(server.calls('POST /settings/oidc-providers')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Id (in its addresses)'), 'entra');
    await user.type(within(dialog).getByLabelText('Button label'), 'Microsoft');
    await user.type(within(dialog).getByLabelText('Issuer URL'), 'https://login.microsoftonline.com/tenant/v2.0');
    await user.type(within(dialog).getByLabelText('Client ID'), 'app-id');
    await user.type(within(dialog).getByLabelText('Client secret'), 's3cret');
    await user.type(within(dialog).getByLabelText(/^Allowed email domains/), 'college.edu\nstaff.college.edu');
    await user.type(within(dialog).getByLabelText(/^Role claim/), 'groups');
    await user.click(within(dialog).getByRole('button', { name: 'Add mapping' }));
    await user.type(within(dialog).getByLabelText('Mapping 1 claim value'), 'teachers');
    await user.selectOptions(within(dialog).getByLabelText('Mapping 1 role'), 'Teacher');
    await user.selectOptions(within(dialog).getByLabelText('Default role'), 'Student');
    const required = within(dialog).getByRole('group', { name: 'Roles that must sign in with this provider' });
    await user.click(within(required).getByRole('checkbox', { name: 'Teacher' }));
    await user.click(within(dialog).getByLabelText("The provider's own second factor (amr claim) counts as two-factor authentication"));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IDENTITY_MSG.oidcProviderIdTaken);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(IDENTITY_MSG.oidcProviderCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /settings/oidc-providers').at(-1)?.body).toEqual({
      id: 'entra',
      label: 'Microsoft',
      issuer: 'https://login.microsoftonline.com/tenant/v2.0',
      clientId: 'app-id',
      clientSecret: 's3cret',
      enabled: true,
      allowedDomains: ['college.edu', 'staff.college.edu'],
      roleClaim: 'groups',
      roleMapping: [{ value: 'teachers', role: 'Teacher' }],
      defaultRole: 'Student',
      approvalForStaff: true,
      amrCountsAsMfa: true,
      requiredForRoles: ['Teacher'],
      requiredForDomains: [],
    });
  });

  it('edits without resending the secret, and deletes after a confirmation', async () => {
    server = await signedInAs(superAdmin, {
      'GET /settings': { body: { settings: SETTINGS } },
      'GET /settings/oidc-providers': { body: { providers: [provider()] } },
      'PATCH /settings/oidc-providers/google': (req) => ({ body: { message: IDENTITY_MSG.oidcProviderUpdated, provider: provider(req.body as Partial<OidcProvider>) } }),
      'DELETE /settings/oidc-providers/google': { body: { message: IDENTITY_MSG.oidcProviderDeleted } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/superadmin/settings');
    const card = await screen.findByRole('region', { name: 'Sign-in providers' });
    await user.click(await within(card).findByRole('button', { name: 'Edit Campus Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campus Google' });
    expect(within(dialog).queryByLabelText('Id (in its addresses)')).not.toBeInTheDocument();
    expect(within(dialog).getByText('https://crs.college.edu/api/v1/auth/oidc/google/callback')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Client secret')).toHaveAccessibleDescription('Leave empty to keep the current secret.');
    await user.clear(within(dialog).getByLabelText('Button label'));
    await user.type(within(dialog).getByLabelText('Button label'), 'Google');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(IDENTITY_MSG.oidcProviderUpdated)).toBeInTheDocument();
    const patch = server.calls('PATCH /settings/oidc-providers/google')[0]?.body as Record<string, unknown>;
    expect(patch.label).toBe('Google');
    expect(patch).not.toHaveProperty('clientSecret');
    expect(patch).not.toHaveProperty('id');

    // Once the dialog has closed (until then the page behind it is hidden from assistive technology).
    await user.click(await within(card).findByRole('button', { name: 'Delete Campus Google' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Campus Google?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(IDENTITY_MSG.oidcProviderDeleted)).toBeInTheDocument();
    expect(server.calls('DELETE /settings/oidc-providers/google')).toHaveLength(1);
  });

  it('shows a failed load', async () => {
    server = await signedInAs(superAdmin, { 'GET /settings': { body: { settings: SETTINGS } }, 'GET /settings/oidc-providers': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    renderApp('/dashboard/superadmin/settings');
    const card = await screen.findByRole('region', { name: 'Sign-in providers' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not load the sign-in providers.');
  });
});
