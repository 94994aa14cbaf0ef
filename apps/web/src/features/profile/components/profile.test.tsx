import { screen, waitFor, within } from '@testing-library/react';
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

const teacher = makeUser({ name: 'Dr. Meera Iyer', email: 'meera@crs.test', roles: ['Teacher'], bio: 'Teaches data structures.' });
const achievement = { _id: 'a1', title: 'Best Teacher Award', year: 2023, description: 'Chosen by the students.', createdAt: '2026-01-01T00:00:00Z' };

describe('/dashboard/teacher/profile', () => {
  it('shows the picture, details and achievements, and saves name, email and bio with the spec’s texts', async () => {
    const updated = { ...teacher, name: 'Dr. Meera S. Iyer' };
    server = await signedInAs(teacher, {
      'GET /auth/users/me/achievements': { body: { achievements: [achievement] } },
      'PATCH /auth/users/me': { delayMs: 300, body: { message: 'Profile updated', user: updated } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/profile');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Best Teacher Award')).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Dr. Meera Iyer');
    expect(screen.getByLabelText('Bio')).toHaveValue('Teaches data structures.');

    await user.clear(name);
    await user.type(name, 'Dr. Meera S. Iyer');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(await screen.findByText(MSG.profileUpdatedToast)).toBeInTheDocument();
    expect(server.calls('PATCH /auth/users/me')[0]?.body).toEqual({ name: 'Dr. Meera S. Iyer', email: 'meera@crs.test', bio: 'Teaches data structures.' });
    // The session user is fetched again, so the header shows the new name.
    await waitFor(() => expect(server!.calls('GET /auth/users/me').length).toBeGreaterThanOrEqual(2));
  });

  it('checks the form before sending: name required, email valid', async () => {
    server = await signedInAs(teacher, { 'GET /auth/users/me/achievements': { body: { achievements: [] } } });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/profile');
    await user.clear(await screen.findByLabelText('Name'));
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(server.calls('PATCH /auth/users/me')).toHaveLength(0);
    expect(screen.getByText(PROFILE_EMPTY)).toBeInTheDocument();
  });

  it('shows the server’s refusal on its field and as a toast, else the spec’s fallback', async () => {
    server = await signedInAs(teacher, {
      'GET /auth/users/me/achievements': { body: { achievements: [] } },
      'PATCH /auth/users/me': { status: 409, body: { message: MSG.emailTaken, code: 'EMAIL_TAKEN' } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/profile');
    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    // On the email field, and as a toast.
    await waitFor(() => expect(screen.getAllByText(MSG.emailTaken)).toHaveLength(2));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await server.close();
    server = await signedInAs(teacher, { 'GET /auth/users/me/achievements': { body: { achievements: [] } }, 'PATCH /auth/users/me': { status: 500, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findAllByText(MSG.profileUpdateFailed)).not.toHaveLength(0);
  });

  it('adds an achievement through the dialog, with the year checked', async () => {
    const list: (typeof achievement)[] = [];
    server = await signedInAs(teacher, {
      'GET /auth/users/me/achievements': () => ({ body: { achievements: list } }),
      'POST /auth/users/me/achievements': (req) => {
        const saved = { ...achievement, _id: 'a2', ...(req.body as object) };
        list.push(saved);
        return { status: 201, body: { message: MSG.achievementSaved, achievement: saved } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/profile');
    await user.click(await screen.findByRole('button', { name: 'Add Achievement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Achievement' });
    await user.type(within(dialog).getByLabelText('Title'), 'AICTE research grant');
    const year = within(dialog).getByLabelText('Year');
    await user.clear(year);
    await user.type(year, '1900');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.achievementYear(new Date().getFullYear() + 1))).toBeInTheDocument();
    await user.clear(year);
    await user.type(year, '2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.achievementSaved)).toBeInTheDocument();
    expect(server.calls('POST /auth/users/me/achievements')[0]?.body).toEqual({ title: 'AICTE research grant', year: 2024, description: '' });
    expect(await screen.findByText('AICTE research grant')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('uploads a new picture as multipart and fetches the session user again', async () => {
    server = await signedInAs(teacher, {
      'GET /auth/users/me/achievements': { body: { achievements: [] } },
      'PUT /auth/users/me/avatar': { body: { message: MSG.avatarUpdated, user: { ...teacher, avatar: '/api/v1/files/x' } } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/profile');
    const input = await screen.findByLabelText('Change picture', { selector: 'input' });
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.avatarUpdated)).toBeInTheDocument();
    const sent = server.calls('PUT /auth/users/me/avatar')[0];
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(sent?.body)).toContain('filename="me.png"');
    await waitFor(() => expect(server!.calls('GET /auth/users/me').length).toBeGreaterThanOrEqual(2));
  });
});

const PROFILE_EMPTY = 'No achievements added yet.';
