import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { makeUser, startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const student = makeUser({ name: 'Aarav Sharma', roles: ['Student'], studentId: 'STU001001' });
const admin = makeUser({ name: 'Priya Nair', roles: ['Admin'] });
const url = '/api/v1/idcards/c1/card?t=123.abc';
const card = { url, pdfUrl: `${url}&format=pdf`, validUntil: '2027-06-30', issuedAt: '2026-07-01T00:00:00Z' };

describe('/dashboard/student/idcard', () => {
  it('shows the card image as a link and the download buttons', async () => {
    server = await signedInAs(student, { [`GET /students/${student._id}/idcard`]: { body: card } });
    renderApp('/dashboard/student/idcard');
    expect(await screen.findByRole('heading', { name: 'Digital ID Card', level: 1 })).toBeInTheDocument();
    const img = await screen.findByRole('img', { name: 'ID card of Aarav Sharma' });
    expect(img).toHaveAttribute('src', url);
    expect(img.closest('a')).toHaveAttribute('href', url);
    expect(screen.getByRole('link', { name: 'Download ID Card' })).toHaveAttribute('href', `${url}&download=1`);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `${url}&format=pdf&download=1`);
    expect(screen.getByText('Valid until 30 Jun 2027')).toBeInTheDocument();
  });

  it("says 'ID card not generated yet. Contact admin.' when there is none", async () => {
    server = await signedInAs(student, { [`GET /students/${student._id}/idcard`]: { status: 404, body: { message: MSG.idCardNotGenerated, code: 'IDCARD_NOT_GENERATED' } } });
    renderApp('/dashboard/student/idcard');
    expect(await screen.findByText('ID card not generated yet. Contact admin.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download ID Card' })).toBeNull();
  });

  it("lets an Admin open a student's card by student ID", async () => {
    server = await signedInAs(admin, { 'GET /students/STU001001/idcard': { body: card } });
    const user = userEvent.setup();
    renderApp('/dashboard/student/idcard');
    await user.type(await screen.findByLabelText('Student ID'), 'STU001001');
    await user.click(screen.getByRole('button', { name: 'Open card' }));
    expect(await screen.findByRole('img', { name: 'ID card of STU001001' })).toHaveAttribute('src', url);
    // An unknown student is said so (not "not generated yet").
    await server.close();
    server = await signedInAs(admin, { 'GET /students/STU000000/idcard': { status: 404, body: { message: MSG.studentNotFound, code: 'STUDENT_NOT_FOUND' } } });
    await user.clear(screen.getByLabelText('Student ID'));
    await user.type(screen.getByLabelText('Student ID'), 'STU000000');
    await user.click(screen.getByRole('button', { name: 'Open card' }));
    expect(await screen.findByText(MSG.studentNotFound)).toBeInTheDocument();
    expect(screen.queryByText(MSG.idCardNotGenerated)).toBeNull();
  });
});

describe('/verify/:token (public)', () => {
  it('shows a valid card’s holder, and only "not valid" for a revoked one', async () => {
    server = await startApiServer({
      'GET /idcards/verify/good': { body: { valid: true, status: 'valid', name: 'Aarav Sharma', studentId: 'STU001001', validUntil: '2027-06-30', photoUrl: null } },
      'GET /idcards/verify/old': { body: { valid: false, status: 'invalid', name: null, studentId: null, validUntil: null, photoUrl: null } },
    });
    const { router } = renderApp('/verify/good');
    expect(await screen.findByText(MSG.verifyValid)).toBeInTheDocument();
    expect(screen.getByText('Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByText('STU001001')).toBeInTheDocument();
    expect(screen.getByText('30 Jun 2027')).toBeInTheDocument();
    await router.navigate('/verify/old');
    expect(await screen.findByText(MSG.verifyInvalid)).toBeInTheDocument();
    expect(screen.queryByText('Aarav Sharma')).toBeNull();
  });
});

describe('the ID card desk on the Documents page', () => {
  it('generates a section’s cards and revokes one student’s after confirming', async () => {
    const section = { _id: 'sec1', name: 'CSE-3A', departmentId: 'd', department: 'CSE', semester: 3, academicYear: '2026-27', students: 20 };
    const made = { _id: 'c1', studentId: 'u1', name: 'Aarav Sharma', rollNo: 'STU001001', bloodGroup: 'B+', validUntil: '2027-06-30', issuedAt: '2026-07-01T00:00:00Z', url, pdfUrl: `${url}&format=pdf` };
    server = await signedInAs(admin, {
      'GET /docs': { body: { docs: [] } },
      'GET /academics/sections': { body: { sections: [section], total: 1 } },
      'POST /idcards/generate': { status: 201, body: { message: MSG.idCardsGenerated(20), generated: 20, cards: [made] } },
      'DELETE /students/STU001001/idcard': { body: { message: MSG.idCardRevoked } },
      'POST /students/STU001001/idcard': { status: 201, body: { message: MSG.idCardGenerated, card: made } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/admin/docs');
    const panel = (await screen.findByRole('heading', { name: 'ID Cards', level: 2 })).closest('div')!.parentElement!;
    await within(panel).findByRole('option', { name: /CSE-3A/ });
    await user.selectOptions(within(panel).getByLabelText('Section'), 'sec1');
    await user.click(within(panel).getByRole('button', { name: 'Generate for section' }));
    expect(await screen.findByText(MSG.idCardsGenerated(20))).toBeInTheDocument();
    expect(server.calls('POST /idcards/generate')[0]?.body).toEqual({ sectionId: 'sec1' });
    // One student, with a blood group and a date.
    await user.type(within(panel).getByLabelText('Student ID (roll number)'), 'STU001001');
    await user.selectOptions(within(panel).getByLabelText('Blood group'), 'O+');
    await user.type(within(panel).getByLabelText('Valid until (optional)'), '2028-06-30');
    await user.click(within(panel).getByRole('button', { name: 'Generate card' }));
    expect(await screen.findByText(MSG.idCardGenerated)).toBeInTheDocument();
    expect(server.calls('POST /students/STU001001/idcard')[0]?.body).toEqual({ bloodGroup: 'O+', validUntil: '2028-06-30' });
    expect(within(panel).getByRole('link', { name: 'View card' })).toHaveAttribute('href', url);

    await user.click(within(panel).getByRole('button', { name: 'Revoke card' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke card' }));
    expect(await screen.findByText(MSG.idCardRevoked)).toBeInTheDocument();
    await waitFor(() => expect(server!.calls('DELETE /students/STU001001/idcard')).toHaveLength(1));
  });
});
