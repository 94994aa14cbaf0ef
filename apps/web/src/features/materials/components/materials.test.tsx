import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Material } from '@crs/shared/schemas/materials';
import { makeUser, type ApiServer, type RecordedRequest } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const DS = '40000000-0000-4000-8000-000000000001';
const DBMS = '40000000-0000-4000-8000-000000000002';
const teacher = () => makeUser({ roles: ['Teacher'], name: 'Dr. Meera Iyer' });
const mySubjects = {
  body: {
    subjects: [
      // The same subject in two sections appears once in the select.
      { name: 'Data Structures', code: 'CS301', section: 'CSE-3A', assignmentId: 'a1', subjectId: DS, sectionId: 'x1', semester: 3, credits: 4, students: 20 },
      { name: 'Data Structures', code: 'CS301', section: 'CSE-3B', assignmentId: 'a2', subjectId: DS, sectionId: 'x2', semester: 3, credits: 4, students: 20 },
      { name: 'Database Management Systems', code: 'CS302', section: 'CSE-3A', assignmentId: 'a3', subjectId: DBMS, sectionId: 'x1', semester: 3, credits: 4, students: 20 },
    ],
  },
};

let n = 0;
function material(overrides: Partial<Material> = {}): Material {
  n += 1;
  const id = `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    _id: id,
    title: 'Unit 1 Notes: Arrays, Linked Lists and Stacks',
    description: 'Lecture notes with practice problems.',
    type: 'notes',
    subject: { _id: DS, code: 'CS301', name: 'Data Structures' },
    fileUrl: `/api/v1/files/f${n}?t=123.abc`,
    file: { _id: `f${n}`, filename: 'unit1.pdf', mimeType: 'application/pdf', size: 35_000, url: `/api/v1/files/f${n}`, createdAt: '2026-11-20T10:00:00Z' },
    uploadedBy: 'Dr. Meera Iyer',
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** A materials API over a list: POST adds (after `delayMs`), DELETE removes. */
function materialsApi(list: Material[], post: (req: RecordedRequest) => { status?: number; body?: unknown; delayMs?: number } = () => ({})) {
  return {
    'GET /teachers/my-subjects': mySubjects,
    'GET /teachers/materials': () => ({ body: { materials: list } }),
    'POST /teachers/materials': (req: RecordedRequest) => {
      const reply = post(req);
      if (reply.status) return reply;
      const body = String(req.body);
      const title = /name="title"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? '';
      const subjectId = /name="subjectId"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? '';
      const created = material({ title, type: subjectId ? 'notes' : 'researches', subject: subjectId ? { _id: subjectId, code: 'CS302', name: 'Database Management Systems' } : null });
      list.unshift(created);
      return { status: 201, delayMs: reply.delayMs, body: { message: MSG.materialUploaded, material: created } };
    },
    ...Object.fromEntries(
      list.map((m) => [
        `DELETE /teachers/materials/${m._id}`,
        () => {
          list.splice(list.indexOf(m), 1);
          return { body: { message: MSG.materialDeleted } };
        },
      ]),
    ),
  };
}

const pdf = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37])], 'normal-forms.pdf', { type: 'application/pdf' });

describe('/dashboard/teacher/research (Upload Research/Material)', () => {
  it("checks title and file before sending, with the spec's messages", async () => {
    server = await signedInAs(teacher(), materialsApi([]));
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/research');
    expect(await screen.findByRole('heading', { name: 'Upload Research/Material', level: 1 }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('You have not uploaded any material yet.')).toBeInTheDocument();
    expect(screen.getByText('No file selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(MSG.materialTitleRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.fileRequired)).toBeInTheDocument();
    expect(server.calls('POST /teachers/materials')).toHaveLength(0);
    // Choosing a file clears its error (re-validation on change).
    await user.upload(screen.getByLabelText('File'), pdf());
    expect(await screen.findByText('1 file(s) selected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MSG.fileRequired)).not.toBeInTheDocument());
  });

  it("uploads notes for a subject as multipart with progress and 'Uploading...', toasts, lists it and clears the form", async () => {
    const list = [material({ title: 'Older research', type: 'researches', subject: null })];
    server = await signedInAs(teacher(), materialsApi(list, () => ({ delayMs: 400 })));
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/research');
    const subject = await screen.findByLabelText('Subject', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(subject).getAllByRole('option').map((o) => o.textContent)).toEqual(['None: research, visible to everyone', 'CS301 · Data Structures', 'CS302 · Database Management Systems']));
    await user.type(screen.getByLabelText('Title'), 'Normalisation: 1NF to BCNF');
    await user.type(screen.getByLabelText('Description'), 'Worked examples');
    await user.selectOptions(subject, DBMS);
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.materialUploaded)).toBeInTheDocument();

    const sent = server.calls('POST /teachers/materials')[0]!;
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = String(sent.body);
    expect(body).toContain('name="title"\r\n\r\nNormalisation: 1NF to BCNF');
    expect(body).toContain('name="description"\r\n\r\nWorked examples');
    expect(body).toContain(`name="subjectId"\r\n\r\n${DBMS}`);
    expect(body).toContain('filename="normal-forms.pdf"');

    const table = screen.getByRole('table', { name: 'Your uploaded materials' });
    expect(await within(table).findByText('Normalisation: 1NF to BCNF')).toBeInTheDocument();
    expect(within(table).getByText('Notes · CS302')).toBeInTheDocument();
    expect(within(table).getByText('Research')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Download Older research' })).toHaveAttribute('href', `${list[1]!.fileUrl}&download=1`);
    // The form and the selection clear after success.
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    expect(screen.getByText('No file selected')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("toasts the server's refusal, else 'Failed to upload material', and keeps the form", async () => {
    let answer = { status: 415, body: { message: 'This file type is not accepted here (PDF, DOC/XLS/PPT, ZIP)', code: 'UNSUPPORTED_TYPE' } };
    server = await signedInAs(teacher(), materialsApi([], () => answer));
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/research');
    await user.type(await screen.findByLabelText('Title', {}, { timeout: 10_000 }), 'Lab manual');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findAllByText(answer.body.message)).length).toBeGreaterThan(0);
    answer = { status: 500, body: {} as never };
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findAllByText(MSG.materialUploadFailed)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Title')).toHaveValue('Lab manual');
    expect(screen.getByText('1 file(s) selected')).toBeInTheDocument();
  });

  it('deletes an upload after the confirmation', async () => {
    const list = [material({ title: 'Fourier series notes' }), material({ title: 'Mesh analysis tutorial' })];
    server = await signedInAs(teacher(), materialsApi(list));
    const user = userEvent.setup();
    renderApp('/dashboard/teacher/research');
    await user.click(await screen.findByRole('button', { name: 'Delete Fourier series notes' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete material?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.materialDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Fourier series notes')).not.toBeInTheDocument());
    expect(screen.getByText('Mesh analysis tutorial')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});
