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

/** A directory API over a list that the test's writes change (search on name, company, role). */
function directory(initial: Alumnus[], extra: Record<string, Handler | Reply> = {}) {
  let alumni = [...initial];
  const routes: Record<string, Handler | Reply> = {
    'GET /alumni': (req) => {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const found = alumni.filter((a) => [a.name, a.currentCompany, a.currentRole].some((f) => f?.toLowerCase().includes(q)));
      return { body: { alumni: found, total: found.length, capped: false } };
    },
    'POST /alumni/delete': (req) => {
      const ids = (req.body as { ids: string[] }).ids;
      alumni = alumni.filter((a) => !ids.includes(a._id));
      return { body: { message: MSG.alumniDeleted, deleted: ids.length } };
    },
    ...Object.fromEntries(
      initial.flatMap((a) => [
        [`GET /alumni/${a._id}`, () => (alumni.some((x) => x._id === a._id) ? { body: { alumnus: a } } : { status: 404, body: { message: MSG.alumnusNotFound, code: 'NOT_FOUND' } })],
        [
          `DELETE /alumni/${a._id}`,
          () => {
            alumni = alumni.filter((x) => x._id !== a._id);
            return { body: { message: MSG.alumnusDeleted } };
          },
        ],
      ]),
    ),
    ...extra,
  };
  return routes;
}

const row = (name: string) => screen.getByRole('button', { name }).closest('tr')!;

describe('/alumni as a Student', { timeout: WALK_TIMEOUT_MS }, () => {
  it('lists the directory without selection, actions or management buttons; a row click opens the details', async () => {
    const ravi = makeAlumnus({
      name: 'Ravi Kumar',
      currentRole: 'Principal Engineer, Platform Reliability and Developer Experience',
      currentCompany: 'Tata Consultancy Services',
      email: null,
      phone: null,
      experiences: [
        { company: 'TCS', role: 'Principal Engineer', startDate: '2019-07-01', endDate: null, currentlyWorking: true, description: null },
        { company: 'Wipro', role: 'Engineer', startDate: null, endDate: '2019-06-30', currentlyWorking: false, description: 'Payments' },
      ],
      tags: ['mentor', 'cloud', 'sre'],
    });
    server = await signedInAs(makeUser({ roles: ['Student'] }), directory([ravi, makeAlumnus({ name: 'Meera Iyer' })]));
    const user = userEvent.setup();
    renderApp('/alumni');
    expect(await screen.findByRole('button', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by name, company, or role...')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Current Role', 'Company', 'Graduation Year', 'Department']);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    for (const name of ['Create Alumnus', 'Upload Excel', /^Message/, /^Delete/, /^Actions for/]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    // Role and company cut at 150 px, the whole text in the title.
    const role = within(row('Ravi Kumar')).getByText(ravi.currentRole!);
    expect(role).toHaveClass('max-w-[150px]', 'truncate');
    expect(role).toHaveAttribute('title', ravi.currentRole);
    expect(within(row('Ravi Kumar')).getByTitle('Tata Consultancy Services')).toHaveClass('max-w-[150px]');

    await user.click(within(row('Ravi Kumar')).getByText('2018'));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar' });
    expect(within(dialog).getByText('B.Tech in Computer Science')).toBeInTheDocument();
    expect(within(dialog).getByText('No LinkedIn profile')).toBeInTheDocument();
    expect(within(dialog).getByText('Professional Experience')).toBeInTheDocument();
    expect(within(dialog).getByText('2 roles')).toBeInTheDocument();
    expect(within(dialog).getByText('Current Position')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('experience-dates').map((d) => d.textContent)).toEqual(['Jul 2019 – Present', 'N/A – Jun 2019']);
    expect(within(dialog).getByText('Skills & Expertise')).toBeInTheDocument();
    expect(within(dialog).getByText('3 skills')).toBeInTheDocument();
    expect(within(dialog).getByText('Additional Information')).toBeInTheDocument();
    expect(within(dialog).getByText('Added on 12 Mar 2025')).toBeInTheDocument();
    expect(within(dialog).queryByText('Private profile (visible to faculty only)')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open full profile' })).toHaveAttribute('href', `/alumni/${ravi._id}`);
  });

  it('searches on the server once typing pauses, keeps ?q= in the URL, and says which empty it is', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), directory([makeAlumnus({ name: 'Ravi Kumar', currentCompany: 'Infosys' }), makeAlumnus({ name: 'Meera Iyer', currentCompany: 'Zoho' })]));
    const user = userEvent.setup();
    const { router } = renderApp('/alumni');
    await screen.findByRole('button', { name: 'Meera Iyer' });
    await user.type(screen.getByRole('searchbox', { name: 'Search alumni' }), 'ZOHO');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ravi Kumar' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?q=ZOHO');
    // Typed quickly: only the final text was sent.
    expect(server.calls('GET /alumni').map((r) => r.query.get('q'))).toEqual([null, 'ZOHO']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search alumni' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search alumni' }), 'nobody');
    expect(await screen.findByText('No alumni found matching your search.')).toBeInTheDocument();
  });

  it('reads ?q= on arrival', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), directory([]));
    renderApp('/alumni?q=infosys');
    expect(await screen.findByText('No alumni found matching your search.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search alumni' })).toHaveValue('infosys');
    expect(server.calls('GET /alumni')[0]!.query.get('q')).toBe('infosys');
  });

  it("says 'No alumni records found.' when there is no search", async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), directory([]));
    renderApp('/alumni');
    expect(await screen.findByText('No alumni records found.')).toBeInTheDocument();
  });

  it('says the server message, else the spec text, when the list fails', async () => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), { 'GET /alumni': { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } } });
    renderApp('/alumni');
    // In place of the table and as a toast.
    await waitFor(() => expect(screen.getAllByText('Internal server error')).toHaveLength(2));
  });

  it.each([
    ['/alumni', 'Failed to fetch alumni list'],
    ['/alumni?q=zoho', 'Search failed'],
  ])('without a server message, %s says %s', async (path, text) => {
    server = await signedInAs(makeUser({ roles: ['Student'] }), { 'GET /alumni': { status: 502 } });
    renderApp(path);
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
  });
});

describe('/alumni as faculty: selection rules (spec section 4)', { timeout: WALK_TIMEOUT_MS }, () => {
  it('toggles rows into the selection, counts them on Message (n) / Delete (n) and the banner, and clears', async () => {
    const [a, b, c] = [makeAlumnus({ name: 'Anil Rao' }), makeAlumnus({ name: 'Bhavna Shah' }), makeAlumnus({ name: 'Chitra Nair' })];
    server = await signedInAs(makeUser({ roles: ['Staff'] }), directory([a, b, c]));
    const user = userEvent.setup();
    renderApp('/alumni');
    await screen.findByRole('button', { name: 'Anil Rao' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Name', 'Current Role', 'Company', 'Graduation Year', 'Department', 'Actions']);
    expect(screen.getByRole('button', { name: 'Message (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeDisabled();
    expect(screen.queryByTestId('selection-banner')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Anil Rao' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Chitra Nair' }));
    expect(screen.getByTestId('selection-banner')).toHaveTextContent('2 alumni selected');
    expect(screen.getByRole('button', { name: 'Message (2)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete (2)' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Anil Rao' }));
    expect(screen.getByTestId('selection-banner')).toHaveTextContent('1 alumni selected');

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('selection-banner')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select Chitra Nair' })).not.toBeChecked();
  });

  it("a row's Delete makes that row the selection; after the delete the list reloads and the selection is empty", async () => {
    const [a, b] = [makeAlumnus({ name: 'Anil Rao' }), makeAlumnus({ name: 'Bhavna Shah' })];
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), directory([a, b]));
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anil Rao' }));
    await user.click(screen.getByRole('button', { name: 'Actions for Bhavna Shah' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Alumnus?' });
    expect(within(confirm).getByText('This will permanently delete this alumnus record.')).toBeInTheDocument();
    // Behind the modal (hidden from the accessibility tree while it is open).
    expect(screen.getByTestId('selection-banner')).toHaveTextContent('1 alumni selected');
    expect(screen.getByRole('checkbox', { name: 'Select Anil Rao', hidden: true })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Bhavna Shah', hidden: true })).toBeChecked();

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Bhavna Shah' })).not.toBeInTheDocument());
    expect(server.calls(`DELETE /alumni/${b._id}`)).toHaveLength(1);
    expect(screen.queryByTestId('selection-banner')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anil Rao' })).toBeInTheDocument();
  });

  it('Delete (n) confirms, then deletes the selection in one batch call', async () => {
    const [a, b, c] = [makeAlumnus({ name: 'Anil Rao' }), makeAlumnus({ name: 'Bhavna Shah' }), makeAlumnus({ name: 'Chitra Nair' })];
    server = await signedInAs(makeUser({ roles: ['Admin'] }), directory([a, b, c]));
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anil Rao' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Chitra Nair' }));
    await user.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 alumni?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Selected alumni deleted successfully')).toBeInTheDocument();
    expect(server.calls('POST /alumni/delete').map((r) => r.body)).toEqual([{ ids: [a._id, c._id] }]);
    await waitFor(() => expect(screen.getAllByTestId('alumni-row')).toHaveLength(1));
    expect(screen.queryByTestId('selection-banner')).not.toBeInTheDocument();
  });

  it('a refused delete stays in the dialog with the server message and a toast', async () => {
    const a = makeAlumnus({ name: 'Anil Rao' });
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), directory([a], { [`DELETE /alumni/${a._id}`]: { status: 404, body: { message: MSG.alumnusNotFound, code: 'NOT_FOUND' } } }));
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anil Rao' }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Alumnus?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(MSG.alumnusNotFound);
    expect(screen.getByTestId('selection-banner')).toHaveTextContent('1 alumni selected');
  });
});

describe('Upload Excel', { timeout: WALK_TIMEOUT_MS }, () => {
  const result = (dryRun: boolean) => ({
    dryRun,
    created: 1,
    updated: 0,
    skipped: 0,
    columns: ['name', 'email'],
    rows: [{ row: 2, action: 'create', values: { name: 'Gaurav Joshi', email: 'gaurav@alumni.example' } }],
    errors: [],
  });

  it('previews, imports, toasts the spec text, reloads the list and clears the selection', async () => {
    const a = makeAlumnus({ name: 'Anil Rao' });
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), directory([a], { 'POST /alumni/upload/excel': (req) => ({ body: result(req.query.get('dryRun') === 'true') }) }));
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anil Rao' }));
    await user.click(screen.getByRole('button', { name: 'Upload Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Excel' });
    const file = new File(['name,email\nGaurav Joshi,gaurav@alumni.example\n'], 'alumni.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(within(dialog).getByLabelText('Choose a file'), file);
    expect(await within(dialog).findByTestId('import-row')).toHaveTextContent('Gaurav Joshi');
    const listCalls = server.calls('GET /alumni').length;
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Excel uploaded successfully!')).toBeInTheDocument();
    expect(within(dialog).getByTestId('import-result')).toHaveTextContent('Imported: 1 created, 0 updated, 0 skipped.');
    expect(server.calls('GET /alumni').length).toBeGreaterThan(listCalls);
    expect(screen.queryByTestId('selection-banner')).not.toBeInTheDocument();
  });

  it("a refused file toasts 'Upload failed: ' and the server's message, and keeps the selection", async () => {
    const a = makeAlumnus({ name: 'Anil Rao' });
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), directory([a], { 'POST /alumni/upload/excel': { status: 415, body: { message: 'Unsupported file type', code: 'UNSUPPORTED_FILE' } } }));
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anil Rao' }));
    await user.click(screen.getByRole('button', { name: 'Upload Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Excel' });
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File(['x'], 'notes.xlsx'));
    expect(await screen.findByText('Upload failed: Unsupported file type')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Unsupported file type');
    expect(screen.getByTestId('selection-banner')).toHaveTextContent('1 alumni selected');
  });
});

describe('the message dialog', { timeout: WALK_TIMEOUT_MS }, () => {
  it("refuses an empty message, inserts merge fields, shows 'Sending...' with the buttons disabled, then what was queued", async () => {
    const [a, b] = [makeAlumnus({ name: 'Anil Rao' }), makeAlumnus({ name: 'Bhavna Shah', email: null })];
    server = await signedInAs(
      makeUser({ roles: ['Teacher'] }),
      directory([a, b], {
        'POST /alumni/message': { delayMs: 300, body: { message: MSG.alumniMessageSent, queued: 1, withoutEmail: [{ _id: b._id, name: b.name }], notFound: [] } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Anil Rao' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bhavna Shah' }));
    await user.click(screen.getByRole('button', { name: 'Message (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message 2 alumni' });
    for (const f of ['{{name}}', '{{company}}', '{{role}}', '{{batch}}']) expect(within(dialog).getByRole('button', { name: `Insert ${f}` })).toBeInTheDocument();

    const text = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.type(text, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await within(dialog).findByText('Message cannot be empty')).toBeInTheDocument();
    expect(server.calls('POST /alumni/message')).toHaveLength(0);

    await user.clear(text);
    await user.type(text, 'Dear ');
    await user.click(within(dialog).getByRole('button', { name: 'Insert {{name}}' }));
    await waitFor(() => expect(text).toHaveValue('Dear {{name}}'));
    // The insert gives the focus back to the message in the next frame: typing elsewhere before
    // then lost the subject's keystrokes to the message (CI on e9e97c4).
    await waitFor(() => expect(text).toHaveFocus());
    expect(within(dialog).queryByText('Message cannot be empty')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject (optional)' }), 'Alumni meet 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    const result = await within(dialog).findByTestId('message-result');
    expect(result).toHaveTextContent('1 email queued.');
    expect(result).toHaveTextContent('No email on record, not sent: Bhavna Shah.');
    expect(await screen.findAllByText('Message sent successfully')).not.toHaveLength(0);
    expect(server.calls('POST /alumni/message').map((r) => r.body)).toEqual([{ ids: [a._id, b._id], message: 'Dear {{name}}', subject: 'Alumni meet 2026' }]);
  });

  it("toasts the server's message when sending fails", async () => {
    const a = makeAlumnus({ name: 'Anil Rao' });
    server = await signedInAs(makeUser({ roles: ['Teacher'] }), directory([a], { 'POST /alumni/message': { status: 429, body: { message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' } } }));
    const user = userEvent.setup();
    renderApp('/alumni');
    await user.click(await screen.findByRole('button', { name: 'Actions for Anil Rao' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message 1 alumnus' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    // In the form's error block and as a toast.
    await waitFor(() => expect(screen.getAllByText('Too many attempts. Please try again later.')).toHaveLength(2));
  });
});
