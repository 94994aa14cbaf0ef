import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { COMMON_MSG } from '@crs/shared/messages/common';
import { startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';

// The register page tells the student registration policy up front (issue 25 item 6) and shows the
// server's refusal. A file of its own: the sign-in pages read the public settings once per page load.

let server: ApiServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

const PUBLIC = { institutionName: 'T', shortName: 'T', logoUrl: null, academicYear: '2026-27', studentRegistration: 'domains', registrationDomains: ['college.edu'], selfServiceReturn: true };

it("says the 'domains' policy under the role choice for a Student only, and shows the server's refusal", async () => {
  // The sign-in pages read the public settings with the browser's fetch (lib/institution.ts), not the API client.
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    String(input).endsWith('/settings/public') ? Promise.resolve(new Response(JSON.stringify(PUBLIC), { headers: { 'content-type': 'application/json' } })) : realFetch(input, init),
  );
  server = await startApiServer({
    'POST /auth/register': { status: 403, body: { message: COMMON_MSG.registrationDomainOnly(['college.edu']), code: 'REGISTRATION_DOMAIN' } },
  });
  const user = userEvent.setup();
  const { router } = renderApp('/register');
  expect(await screen.findByText('Students register with a college email address: @college.edu.')).toBeInTheDocument();
  await user.click(screen.getByLabelText('Teacher'));
  expect(screen.queryByText('Students register with a college email address: @college.edu.')).not.toBeInTheDocument();
  await user.click(screen.getByLabelText('Student'));

  await user.type(screen.getByLabelText('Full Name'), 'Some One');
  await user.type(screen.getByLabelText('Email'), 'someone@gmail.com');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText(COMMON_MSG.registrationDomainOnly(['college.edu']))).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/register');
});
