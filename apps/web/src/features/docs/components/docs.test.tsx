import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Doc } from '@crs/shared/schemas/docs';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const admin = makeUser({ name: 'Priya Nair', roles: ['Admin'] });
const student = makeUser({ name: 'Aarav Sharma', roles: ['Student'], studentId: 'STU001001' });
const file = { _id: 'f1', filename: 'syllabus.pdf', mimeType: 'application/pdf', size: 1234, url: '/api/v1/files/f1?t=1.x', createdAt: '2026-07-01T00:00:00Z' };
const doc = (over: Partial<Doc>): Doc => ({
  _id: 'd1',
  title: 'CSE syllabus 2026-27',
  type: 'syllabus',
  description: 'Semesters 3 and 5',
  fileUrl: file.url,
  file,
  subject: null,
  source: 'repository',
  uploadedBy: 'Priya Nair',
  createdAt: '2026-07-01T00:00:00Z',
  ...over,
});
const adminRoutes = { 'GET /academics/sections': { body: { sections: [], total: 0 } } };

describe('/dashboard/admin/docs', () => {
  it('shows the grid with title, type and a View link, searches on the server and filters by type', async () => {
    server = await signedInAs(admin, {
      ...adminRoutes,
      'GET /docs': (req) => ({
        body: { docs: req.query.get('type') === 'circular' ? [] : [doc({}), doc({ _id: 'd2', title: 'Data Structures notes', type: 'notes', source: 'material', subject: { _id: 's1', code: 'CS301', name: 'Data Structures' } })] },
      }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/admin/docs');
    expect(await screen.findByRole('heading', { name: 'Document Repository', level: 1 })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'CSE syllabus 2026-27', level: 2 })).closest('li')!;
    expect(within(card).getByText('Syllabus')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View CSE syllabus 2026-27' })).toHaveAttribute('href', file.url);
    // A teacher's material is listed but managed by its teacher: no edit or delete here.
    const material = screen.getByRole('heading', { name: 'Data Structures notes' }).closest('li')!;
    expect(within(material).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Edit CSE syllabus 2026-27' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search documents'), 'syll');
    await waitFor(() => expect(server!.calls('GET /docs').some((c) => c.query.get('q') === 'syll')).toBe(true));
    await user.selectOptions(screen.getByLabelText('Type'), 'circular');
    expect(await screen.findByText(MSG.docsNoMatch)).toBeInTheDocument();
  });

  it("says 'No documents uploaded yet.' when empty", async () => {
    server = await signedInAs(admin, { ...adminRoutes, 'GET /docs': { body: { docs: [] } } });
    renderApp('/dashboard/admin/docs');
    expect(await screen.findByText(MSG.docsEmpty)).toBeInTheDocument();
  });

  it("says 'Failed to load documents' when the list cannot be loaded", async () => {
    server = await signedInAs(admin, { ...adminRoutes, 'GET /docs': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    renderApp('/dashboard/admin/docs');
    await waitFor(() => expect(screen.getAllByText(MSG.docsLoadFailed).length).toBeGreaterThan(0), { timeout: 8000 });
  });

  it('checks the upload form, then sends title, type and file and reloads the grid', async () => {
    const docs: Doc[] = [];
    server = await signedInAs(admin, {
      ...adminRoutes,
      'GET /docs': () => ({ body: { docs } }),
      'POST /docs': () => {
        docs.push(doc({ _id: 'd9', title: 'Fee circular', type: 'circular' }));
        return { status: 201, delayMs: 200, body: { message: MSG.docUploaded, doc: docs[0] } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/admin/docs');
    await user.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(MSG.docTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.fileRequired)).toBeInTheDocument();
    expect(server.calls('POST /docs')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'Fee circular');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'circular');
    await user.upload(within(dialog).getByLabelText('File'), new File(['%PDF-1.4'], 'fees.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(await screen.findByText(MSG.docUploaded)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fee circular' })).toBeInTheDocument();
    const body = String(server.calls('POST /docs')[0]!.body);
    expect(body).toContain('name="title"\r\n\r\nFee circular');
    expect(body).toContain('name="type"\r\n\r\ncircular');
    expect(body).toContain('filename="fees.pdf"');
  });
});

describe('documents on the student dashboard', () => {
  it('lists what the student may see, read-only', async () => {
    server = await signedInAs(student, {
      'GET /docs': { body: { docs: [doc({})] } },
      'GET /attendance/me': { body: { subjects: [], overall: null, threshold: 75 } },
    });
    renderApp('/dashboard/student');
    expect(await screen.findByRole('heading', { name: 'Documents', level: 2 })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'CSE syllabus 2026-27', level: 3 })).closest('li')!;
    expect(within(card).getByRole('link', { name: 'View CSE syllabus 2026-27' })).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
