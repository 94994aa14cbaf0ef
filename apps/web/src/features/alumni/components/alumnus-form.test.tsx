import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Alumnus } from '@crs/shared/schemas/alumni';
import { makeAlumnus } from '@/test/alumni';
import { makeUser, type ApiServer, type Handler, type Reply } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

/**
 * These tests walk whole dialogs with many fields. Alone they take 2–6 s; on the shared 2-core
 * machines under load (load average 14 seen) one took 20 s, past the web project's 15 s.
 */
const WALK_TIMEOUT_MS = 40_000;

// Transform the pages' modules before the first test: on a loaded machine that alone outlasted the
// 5 s a findBy* waits for the page.
beforeAll(async () => {
  await Promise.all([import('./alumni-page'), import('./alumnus-page')]);
}, 60_000);

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function routes(alumni: Alumnus[], extra: Record<string, Handler | Reply> = {}): Record<string, Handler | Reply> {
  return {
    'GET /alumni': { body: { alumni, total: alumni.length, capped: false } },
    ...Object.fromEntries(alumni.map((a) => [`GET /alumni/${a._id}`, { body: { alumnus: a } }])),
    ...extra,
  };
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/alumni');
  await user.click(await screen.findByRole('button', { name: 'Create Alumnus' }));
  return screen.findByRole('dialog', { name: 'Create New Alumnus' });
}

describe('the create form (spec section 5 rules, from the shared schema)', { timeout: WALK_TIMEOUT_MS }, () => {
  it('shows each rule on submit and re-validates on change', async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), routes([]));
    const user = userEvent.setup();
    const form = await openCreate(user);
    const field = (label: string) => within(form).getByLabelText(label);
    // Texts are pasted: typing them key by key takes seconds on a loaded machine.
    const paste = async (label: string, text: string, scope = form) => {
      await user.click(within(scope).getByLabelText(label));
      await user.paste(text);
    };

    await user.click(within(form).getByRole('button', { name: 'Create Alumni' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    await paste('Name', 'K'.repeat(101));
    expect(await within(form).findByText('Name too long')).toBeInTheDocument();

    await paste('Email', 'kavya@');
    await paste('Phone', '9'.repeat(21));
    await paste('Graduation Year', '1899');
    await paste('LinkedIn', 'linkedin profile');
    await paste('About', 'a'.repeat(1001));
    await paste('Tags', Array.from({ length: 21 }, (_, i) => `t${i}`).join(','));
    await user.click(within(form).getByRole('button', { name: 'Add Experience' }));
    const exp = within(form).getByRole('group', { name: 'Experience 1' });
    await paste('Start Date', '2019-07-01', exp);
    await user.click(within(form).getByRole('button', { name: 'Create Alumni' }));

    expect(await within(form).findByText('Invalid email format')).toBeInTheDocument();
    expect(within(form).getByText('Phone number too long')).toBeInTheDocument();
    expect(within(form).getByText('Year too early')).toBeInTheDocument();
    expect(within(form).getByText('Invalid LinkedIn URL')).toBeInTheDocument();
    expect(within(form).getByText('About section too long')).toBeInTheDocument();
    expect(within(form).getByText('Maximum 20 tags allowed')).toBeInTheDocument();
    expect(within(exp).getByText('At least company, role, or description should be provided')).toBeInTheDocument();

    // Re-validated on change.
    await user.clear(field('Graduation Year'));
    await paste('Graduation Year', String(new Date().getFullYear() + 6));
    expect(await within(form).findByText('Year too far in future')).toBeInTheDocument();
    await user.clear(field('Graduation Year'));
    await paste('Graduation Year', '2016.5');
    expect(await within(form).findByText('Must be a valid year')).toBeInTheDocument();
    expect(server.calls('POST /alumni')).toHaveLength(0);
  });

  it("sends the normalised profile, shows 'Updating...' while pending, then toasts and closes", async () => {
    const created = makeAlumnus({ name: 'Kavya Menon' });
    let release: (() => void) | null = null;
    server = await signedInAs(
      makeUser({ roles: ['Teacher'] }),
      routes([], {
        'POST /alumni': async () => {
          await new Promise<void>((r) => (release = r));
          return { status: 201, body: { message: MSG.alumnusCreated, alumnus: created } };
        },
      }),
    );
    const user = userEvent.setup();
    const form = await openCreate(user);
    const paste = async (label: string, text: string, scope = form) => {
      await user.click(within(scope).getByLabelText(label));
      await user.paste(text);
    };
    await paste('Name', '  Kavya Menon ');
    await paste('Email', 'Kavya.Menon@Example.com');
    await paste('Graduation Year', '2016');
    await paste('Tags', ' mentor , cloud,, Mentor ,ai ');
    await user.click(within(form).getByRole('button', { name: 'Add Experience' }));
    const exp = within(form).getByRole('group', { name: 'Experience 1' });
    await paste('Company', 'Freshworks', exp);
    await paste('Start Date', '2019-07-01', exp);
    await user.click(within(exp).getByLabelText('Current Position'));
    // A second experience left empty is dropped.
    await user.click(within(form).getByRole('button', { name: 'Add Experience' }));
    await user.click(within(form).getByRole('button', { name: 'Create Alumni' }));

    const busy = await within(form).findByRole('button', { name: 'Updating...' });
    expect(busy).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Reset Form' })).toBeDisabled();
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    expect(await screen.findByText('Alumnus created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Alumnus' })).not.toBeInTheDocument());
    // Blank optional fields are omitted, tags split, trimmed and de-duplicated.
    expect(server.calls('POST /alumni').map((r) => r.body)).toEqual([
      {
        name: 'Kavya Menon',
        email: 'kavya.menon@example.com',
        graduationYear: 2016,
        experiences: [{ company: 'Freshworks', role: null, startDate: '2019-07-01', endDate: null, currentlyWorking: true, description: null }],
        tags: ['mentor', 'cloud', 'ai'],
        visibility: 'public',
      },
    ]);
  });

  it('removes an experience, and Reset Form brings back the starting values', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }), routes([]));
    const user = userEvent.setup();
    const form = await openCreate(user);
    await user.type(within(form).getByLabelText('Name'), 'Arjun');
    await user.click(within(form).getByRole('button', { name: 'Add Experience' }));
    await user.click(within(form).getByRole('button', { name: 'Add Experience' }));
    expect(within(form).getAllByTestId('experience-fields')).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Remove experience 1' }));
    expect(within(form).getAllByTestId('experience-fields')).toHaveLength(1);
    await user.click(within(form).getByRole('button', { name: 'Reset Form' }));
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).queryAllByTestId('experience-fields')).toHaveLength(0);
  });

  it("puts the server's refusal on its field and toasts the server's message", async () => {
    server = await signedInAs(
      makeUser({ roles: ['Teacher'] }),
      routes([], { 'POST /alumni': { status: 409, body: { message: MSG.alumniEmailTaken, code: 'ALUMNI_EMAIL_TAKEN' } } }),
    );
    const user = userEvent.setup();
    const form = await openCreate(user);
    await user.type(within(form).getByLabelText('Name'), 'Arjun Das');
    await user.type(within(form).getByLabelText('Email'), 'arjun@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create Alumni' }));
    await waitFor(() => expect(screen.getAllByText(MSG.alumniEmailTaken)).toHaveLength(2));
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it("toasts 'An unexpected error occurred' when the call gets no answer", async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), routes([], { 'POST /alumni': { status: 500 } }));
    const user = userEvent.setup();
    const form = await openCreate(user);
    await user.type(within(form).getByLabelText('Name'), 'Arjun Das');
    await user.click(within(form).getByRole('button', { name: 'Create Alumni' }));
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Failed to create alumnus');
  });
});

describe('the edit form', { timeout: WALK_TIMEOUT_MS }, () => {
  it("opens as 'Edit Alumni Profile' with the profile, sends cleared fields as null, and toasts the update", async () => {
    const a = makeAlumnus({
      name: 'Sneha Patil',
      location: 'Pune',
      phone: null,
      tags: ['mentor'],
      experiences: [{ company: 'Persistent', role: 'Lead', startDate: '2016-07-01', endDate: '2020-01-31', currentlyWorking: false, description: null }],
    });
    server = await signedInAs(
      makeUser({ roles: ['Teacher'] }),
      routes([a], { [`PATCH /alumni/${a._id}`]: (req) => ({ body: { message: MSG.alumnusUpdated, alumnus: { ...a, ...(req.body as object) } } }) }),
    );
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('button', { name: 'Actions for Sneha Patil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Alumni Profile' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Sneha Patil');
    expect(within(form).getByLabelText('Tags')).toHaveValue('mentor');
    expect(within(within(form).getByRole('group', { name: 'Experience 1' })).getByLabelText('Company')).toHaveValue('Persistent');
    await user.clear(within(form).getByLabelText('Location'));
    await user.clear(within(form).getByLabelText('Name'));
    await user.click(within(form).getByRole('button', { name: 'Update Alumni' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Sneha Patil Kulkarni');
    await user.click(within(form).getByRole('button', { name: 'Update Alumni' }));
    expect(await screen.findByText('Alumnus updated successfully!')).toBeInTheDocument();
    const body = server.calls(`PATCH /alumni/${a._id}`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Sneha Patil Kulkarni', location: null, tags: ['mentor'], visibility: 'public' });
    // Blank before and after: not sent (an absent field stays as it is).
    expect(body).not.toHaveProperty('phone');
    expect(body.experiences).toEqual([{ company: 'Persistent', role: 'Lead', startDate: '2016-07-01', endDate: '2020-01-31', currentlyWorking: false, description: null }]);
  });
});

describe('/alumni/:id', { timeout: WALK_TIMEOUT_MS }, () => {
  it('shows every field of the profile and, for faculty, Edit / Message / Delete; delete confirms and goes back to /alumni', async () => {
    const a = makeAlumnus({
      name: 'Farhan Qureshi',
      degree: 'M.Tech',
      specialization: 'VLSI Design',
      graduationYear: 2012,
      currentRole: 'Design Engineer',
      currentCompany: 'Qualcomm',
      location: 'Hyderabad',
      linkedin: 'https://www.linkedin.com/in/farhan-q',
      about: 'Chip design mentor.',
      tags: ['vlsi', 'mentor'],
      visibility: 'private',
      experiences: [{ company: 'Qualcomm', role: 'Design Engineer', startDate: '2014-01-01', endDate: null, currentlyWorking: true, description: null }],
    });
    let gone = false;
    server = await signedInAs(
      makeUser({ roles: ['Teacher'] }),
      routes([a], {
        [`DELETE /alumni/${a._id}`]: () => {
          gone = true;
          return { body: { message: MSG.alumnusDeleted } };
        },
        'GET /alumni': () => ({ body: { alumni: gone ? [] : [a], total: gone ? 0 : 1, capped: false } }),
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp(`/alumni/${a._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Farhan Qureshi' })).toBeInTheDocument();
    expect(screen.getByTestId('alumnus-degree')).toHaveTextContent('M.Tech in VLSI Design (2012)');
    expect(screen.getByTestId('alumnus-job')).toHaveTextContent('Design Engineer at Qualcomm');
    expect(screen.getByTestId('alumnus-location')).toHaveTextContent('Hyderabad');
    expect(screen.getByRole('link', { name: 'https://www.linkedin.com/in/farhan-q' })).toHaveAttribute('href', 'https://www.linkedin.com/in/farhan-q');
    expect(screen.getByText('Chip design mentor.')).toBeInTheDocument();
    expect(screen.getByText('Current Position')).toBeInTheDocument();
    expect(screen.getByText('vlsi')).toBeInTheDocument();
    expect(screen.getByText(a.email!)).toBeInTheDocument();
    expect(screen.getByText('Private profile (visible to faculty only)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Alumni' })).toHaveAttribute('href', '/alumni');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Alumni Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(await screen.findByRole('dialog', { name: 'Message 1 alumnus' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Alumnus?' });
    expect(within(confirm).getByText('This will permanently delete this alumnus record.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/alumni'));
    expect(await screen.findByText('No alumni records found.')).toBeInTheDocument();
    expect(screen.queryByText('Alumnus not found')).not.toBeInTheDocument();
  });

  it('a Student sees the profile without Edit, Message or Delete', async () => {
    const a = makeAlumnus({ name: 'Farhan Qureshi', email: null, phone: null });
    server = await signedInAs(makeUser({ roles: ['Student'] }), routes([a]));
    renderApp(`/alumni/${a._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Farhan Qureshi' })).toBeInTheDocument();
    expect(screen.getByText('No LinkedIn profile')).toBeInTheDocument();
    for (const name of ['Edit', 'Message', 'Delete']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
  });

  it.each([
    [{ status: 404, body: { message: MSG.alumnusNotFound, code: 'NOT_FOUND' } }, MSG.alumnusNotFound],
    [{ status: 502 }, 'Failed to fetch alumnus'],
  ])('a failed load toasts and goes to /alumni (%#)', async (reply, text) => {
    const id = '20000000-0000-4000-8000-999999999999';
    server = await signedInAs(makeUser({ roles: ['Student'] }), { ...routes([]), [`GET /alumni/${id}`]: reply });
    const { router } = renderApp(`/alumni/${id}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/alumni'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
