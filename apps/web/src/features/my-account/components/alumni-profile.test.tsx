// Issue 27: a graduate makes their own alumni profile public or private from the account page;
// anyone without a record (the server's 404) sees no such card.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const record = (visibility: 'public' | 'private') => ({
  _id: '40000000-0000-4000-8000-000000000001',
  name: 'Kavya Nair',
  email: 'kavya.nair@demo.crs',
  phone: null,
  enrollmentNo: 'STU001042',
  batch: '2022-2026',
  department: 'Computer Science and Engineering',
  degree: 'B.Tech',
  specialization: null,
  graduationYear: 2026,
  currentCompany: null,
  currentRole: null,
  linkedin: null,
  location: null,
  about: null,
  experiences: [],
  tags: [],
  visibility,
  createdAt: '2026-06-01T05:00:00.000Z',
  updatedAt: '2026-06-01T05:00:00.000Z',
});

describe('/dashboard/account: the alumni profile', () => {
  it('shows a graduate their private profile and makes it public, then private again, with PATCH /alumni/me', async () => {
    let visibility: 'public' | 'private' = 'private';
    server = await signedInAs(makeUser({ roles: ['Student'], name: 'Kavya Nair' }), {
      'GET /alumni/me': () => ({ body: { alumnus: record(visibility) } }),
      'PATCH /alumni/me': (req) => {
        visibility = (req.body as { visibility: 'public' | 'private' }).visibility;
        return { body: { message: visibility === 'public' ? MSG.alumniOwnPublic : MSG.alumniOwnPrivate, alumnus: record(visibility) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/account');
    const card = await screen.findByRole('region', { name: 'Alumni profile' }, { timeout: 10_000 });
    expect(card).toHaveTextContent('batch 2022-2026, Computer Science and Engineering');
    expect(within(card).getByText('Private')).toBeInTheDocument();
    expect(within(card).getByText(MSG.alumniOwnPrivate)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Make my profile public' }));
    expect(await within(card).findByText('Public')).toBeInTheDocument();
    expect(within(card).getByText(MSG.alumniOwnPublic)).toBeInTheDocument();
    expect(server.calls('PATCH /alumni/me')[0]?.body).toEqual({ visibility: 'public' });

    await user.click(within(card).getByRole('button', { name: 'Make my profile private' }));
    expect(await within(card).findByText('Private')).toBeInTheDocument();
    expect(server.calls('PATCH /alumni/me')[1]?.body).toEqual({ visibility: 'private' });
  });

  it('shows no alumni card to a student without a record (404), nor asks for one for other roles', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /alumni/me': { status: 404, body: { message: MSG.alumniNoOwnRecord, code: 'NO_ALUMNI_RECORD' } },
    });
    renderApp('/dashboard/account');
    expect(await screen.findByRole('region', { name: 'Calendar feed' }, { timeout: 10_000 })).toBeInTheDocument();
    await expect.poll(() => server!.calls('GET /alumni/me').length).toBe(1);
    expect(screen.queryByRole('region', { name: 'Alumni profile' })).toBeNull();
    await server.close();

    server = await signedInAs(makeUser({ roles: ['Teacher'] }), {});
    renderApp('/dashboard/account');
    expect(await screen.findByRole('region', { name: 'Calendar feed' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(server.calls('GET /alumni/me')).toHaveLength(0);
  });
});
