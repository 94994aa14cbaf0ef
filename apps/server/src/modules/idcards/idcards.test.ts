// ID cards (issue 13 item 2): generation for one student and a section, who may open a card, the
// QR code read back by an independent decoder (jsqr + pngjs), verification, revoke and regenerate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { IdCard, IdCardUrl, VerifyResult } from '@crs/shared/schemas/idcards';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, multipart } from '../../../test/util.ts';
import { assignmentFixture, person } from '../academics/academics.fixtures.ts';
import type { Auth } from '../academics/academics.fixtures.ts';

const AVATAR = readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/files/avatar.png'));

let t: TestApp;
let admin: Auth;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await person(t, 'Admin')).auth;
});
afterAll(() => t.close());

const generate = (auth: Auth, studentId: string, body?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/students/${studentId}/idcard`, headers: auth, ...(body ? { payload: body } : {}) });
const cardOf = (auth: Auth, studentId: string, v1 = false) => t.app.inject({ url: `/api/v1${v1 ? '/v1' : ''}/students/${studentId}/idcard`, headers: auth });
const verify = async (token: string) => {
  const res = await t.app.inject({ url: `/api/v1/idcards/verify/${encodeURIComponent(token)}` });
  expect(res.statusCode).toBe(200);
  return res.json() as VerifyResult;
};

/** Reads the QR code of a PNG with jsqr (not the library that drew it). */
function readQr(png: Buffer): string {
  const img = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), img.width, img.height);
  expect(code, 'a QR code in the card').not.toBeNull();
  return code!.data;
}
const tokenOf = (link: string) => {
  const m = new RegExp(`^${t.ctx.config.publicUrl.replace(/[.]/g, '\\.')}/verify/([A-Za-z0-9_-]{43})$`).exec(link);
  expect(m, link).not.toBeNull();
  return m![1]!;
};

describe('ID cards', () => {
  it("takes the blood group from the person's record, keeps one given at the desk on a record that had none, refuses one that contradicts it", async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [recorded, blank] = c.students;
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${recorded!.user.id}`, headers: admin, payload: { bloodGroup: 'O-' } });
    expect(patch.statusCode, patch.body).toBe(200);
    const fromRecord = await generate(admin, recorded!.user.id);
    expect(fromRecord.statusCode, fromRecord.body).toBe(201);
    expect(fromRecord.json().card.bloodGroup).toBe('O-');

    const given = await generate(admin, blank!.user.id, { bloodGroup: 'AB+' });
    expect(given.json().card.bloodGroup).toBe('AB+');
    const record = await t.app.inject({ url: `/api/v1/users/${blank!.user.id}`, headers: admin });
    expect(record.json().user.bloodGroup).toBe('AB+');
    // A group that contradicts the record is refused (the record is corrected in People), and nothing changes.
    const contradicting = await generate(admin, recorded!.user.id, { bloodGroup: 'A+' });
    expect(contradicting.statusCode).toBe(400);
    expect(contradicting.json()).toMatchObject({ code: 'BLOOD_GROUP_ON_RECORD', errors: [{ path: 'bloodGroup', message: MSG.idCardBloodGroupOnRecord('O-') }] });
    expect((await t.app.inject({ url: `/api/v1/users/${recorded!.user.id}`, headers: admin })).json().user.bloodGroup).toBe('O-');
    // Corrected on the record, the next card reads it.
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${recorded!.user.id}`, headers: admin, payload: { bloodGroup: 'A+' } });
    expect((await generate(admin, recorded!.user.id)).json().card.bloodGroup).toBe('A+');
  });

  it('generates a PNG whose QR opens a verify page for the card; the PDF too; only the student and Teacher/Admin read it', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 2);
    const [me, other] = c.students;
    const res = await generate(admin, me!.user.id, { bloodGroup: 'B+' });
    expect(res.statusCode, res.body).toBe(201);
    const card = res.json().card as IdCard;
    expect(res.json().message).toBe(MSG.idCardGenerated);
    expect(card).toMatchObject({ studentId: me!.user.id, name: me!.user.name, bloodGroup: 'B+', validUntil: '2027-06-30' });

    // The url opens the PNG without a token (signed); its QR, read independently, holds the verify link.
    const png = await t.app.inject({ url: card.url });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const link = readQr(png.rawPayload);
    const token = tokenOf(link);
    expect(await verify(token)).toEqual({ valid: true, status: 'valid', name: me!.user.name, studentId: me!.user.studentId, validUntil: '2027-06-30', photoUrl: null });
    // Opening the link itself: the public web page (the client's shell when it is built).
    const page = await t.app.inject({ url: new URL(link).pathname });
    expect(page.statusCode === 200 ? page.headers['content-type'] : 'no client build').toMatch(/text\/html|no client build/);

    const pdf = await t.app.inject({ url: `${card.url}&format=pdf&download=1` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="idcard-STU\d+\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A vector card: the bundled font embedded, and the QR code a link to the same verify page.
    expect(pdf.rawPayload.includes(Buffer.from('DejaVuSans'))).toBe(true);
    expect(pdf.rawPayload.includes(Buffer.from(`/URI (${link})`))).toBe(true);

    // Who may read it: the student (by id, roll number, and the spec's doubled /v1 path), a teacher; not another student.
    const own = await cardOf(me!.auth, me!.user.id);
    expect(own.statusCode).toBe(200);
    expect((own.json() as IdCardUrl).url).toMatch(new RegExp(`^/api/v1/idcards/${card._id}/card\\?t=`));
    expect((await cardOf(me!.auth, me!.user.studentId!, true)).statusCode).toBe(200);
    const theirs = await cardOf(other!.auth, me!.user.id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(MSG.idCardOwnOnly);
    expect((await cardOf(teacher.auth, me!.user.id)).statusCode).toBe(200);
    // The card's address without its signature: the student and a teacher, not another student.
    const bare = `/api/v1/idcards/${card._id}/card`;
    expect((await t.app.inject({ url: bare })).statusCode).toBe(401);
    expect((await t.app.inject({ url: bare, headers: me!.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: bare, headers: other!.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${bare}?t=1.${'A'.repeat(43)}` })).statusCode).toBe(403);
    // A card not generated yet: 404 with the spec's text.
    const none = await cardOf(other!.auth, other!.user.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.idCardNotGenerated);
  });

  it('revoking or regenerating invalidates the old QR and its links', async () => {
    const student = await person(t, 'Student');
    const first = (await generate(admin, student.user.id)).json().card as IdCard;
    const firstToken = tokenOf(readQr((await t.app.inject({ url: first.url })).rawPayload));
    const second = (await generate(admin, student.user.studentId!, { validUntil: '2030-03-31' })).json().card as IdCard;
    const secondToken = tokenOf(readQr((await t.app.inject({ url: second.url })).rawPayload));
    expect(secondToken).not.toBe(firstToken);
    expect(await verify(firstToken)).toEqual({ valid: false, status: 'invalid', name: null, studentId: null, validUntil: null, photoUrl: null });
    expect((await verify(secondToken)).validUntil).toBe('2030-03-31');
    expect((await t.app.inject({ url: first.url })).statusCode).toBe(404);
    // One live card, the old one's files gone.
    expect(await countRows(t.ctx, 'id_cards', `student_id = '${student.user.id}' and revoked_at is null`)).toBe(1);
    expect(await countRows(t.ctx, 'files', `owner_id = '${student.user.id}' and purpose = 'generated'`)).toBe(2);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/v1/students/${student.user.id}/idcard`, headers: admin });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().message).toBe(MSG.idCardRevoked);
    expect((await verify(secondToken)).status).toBe('invalid');
    expect((await t.app.inject({ url: second.url })).statusCode).toBe(404);
    expect((await cardOf(student.auth, student.user.id)).statusCode).toBe(404);
    expect(await countRows(t.ctx, 'files', `owner_id = '${student.user.id}' and purpose = 'generated'`)).toBe(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/students/${student.user.id}/idcard`, headers: admin })).statusCode).toBe(404);
  });

  it('prints the avatar, says expired after the validity, and refuses bad input and other roles', async () => {
    const student = await person(t, 'Student');
    const form = multipart(AVATAR, 'me.png');
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/users/me/avatar', headers: { ...student.auth, ...form.headers }, payload: form.payload });
    expect(put.statusCode, put.body).toBe(200);
    const avatar = put.json().user.avatar as string;
    const card = (await generate(admin, student.user.id, { validUntil: '2020-01-31' })).json().card as IdCard;
    const token = tokenOf(readQr((await t.app.inject({ url: card.url })).rawPayload));
    expect(await verify(token)).toEqual({ valid: false, status: 'expired', name: student.user.name, studentId: student.user.studentId, validUntil: '2020-01-31', photoUrl: avatar });

    expect((await generate(student.auth, student.user.id)).statusCode).toBe(403);
    expect((await generate((await person(t, 'Teacher')).auth, student.user.id)).statusCode).toBe(403);
    const bad = await generate(admin, student.user.id, { bloodGroup: 'C+' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.bloodGroupInvalid);
    expect((await generate(admin, student.user.id, { validUntil: '31-01-2027' })).statusCode).toBe(400);
    const teacher = await person(t, 'Teacher');
    expect((await generate(admin, teacher.user.id)).statusCode).toBe(404);
    expect((await generate(admin, 'STU999999999')).statusCode).toBe(404);
    expect(await verify('not-a-token')).toMatchObject({ valid: false, status: 'invalid' });
    const librarian = await loginAs(t, ['Librarian']);
    expect((await cardOf(librarian.auth, student.user.id)).statusCode).toBe(403);
  });

  it('generates a whole section, and refuses an unknown or empty one', async () => {
    const teacher = await person(t, 'Teacher');
    const c = await assignmentFixture(t, admin, teacher.user.id, 3);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/idcards/generate', headers: admin, payload: { sectionId: c.section._id } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ generated: 3, message: MSG.idCardsGenerated(3) });
    const cards = res.json().cards as IdCard[];
    expect(cards.map((x) => x.studentId).sort()).toEqual(c.students.map((s) => s.user.id).sort());
    for (const s of c.students) expect((await cardOf(s.auth, s.user.id)).statusCode).toBe(200);
    // Generating again replaces each card (still one live per student).
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/idcards/generate', headers: admin, payload: { sectionId: c.section._id } })).statusCode).toBe(201);
    expect(await countRows(t.ctx, 'id_cards', `student_id in (${c.students.map((s) => `'${s.user.id}'`).join(',')}) and revoked_at is null`)).toBe(3);

    const empty = await assignmentFixture(t, admin, teacher.user.id, 0);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/idcards/generate', headers: admin, payload: { sectionId: empty.section._id } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.idCardNoStudents);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/idcards/generate', headers: admin, payload: { sectionId: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/idcards/generate', headers: c.students[0]!.auth, payload: { sectionId: c.section._id } })).statusCode).toBe(403);
  });
});
