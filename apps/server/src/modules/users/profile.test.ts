// The signed-in user's picture and achievements (issue 12 item 8), through HTTP on a real file store.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { countRows, multipart } from '../../../test/util.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/files', name));
const PNG = fixture('avatar.png');
const JPG = fixture('avatar.jpg');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every file the store holds (the bytes, not the records). */
function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const putAvatar = (auth: Record<string, string>, content: Buffer | string | undefined, filename = 'me.png') => {
  const form = multipart(content, filename);
  return t.app.inject({ method: 'PUT', url: '/api/v1/auth/users/me/avatar', payload: form.payload, headers: { ...auth, ...form.headers } });
};

describe('profile picture', () => {
  it('keeps an uploaded PNG, shows it in the user, and serves it with its type to anyone holding the address', async () => {
    const { auth } = await loginAs(t, ['Teacher']);
    const res = await putAvatar(auth, PNG);
    expect(res.statusCode).toBe(200);
    const { user, message } = res.json();
    expect(message).toBe(MSG.avatarUpdated);
    expect(user.avatar).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    // The session user carries it from now on (the account cache was told).
    const me = await t.app.inject({ url: '/api/v1/auth/users/me', headers: auth });
    expect(me.json().user.avatar).toBe(user.avatar);
    // An <img> sends no token: avatars open by their unguessable address.
    const img = await t.app.inject({ url: user.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(img.headers['content-disposition']).toBe(`inline; filename="me.png"; filename*=UTF-8''me.png`);
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the old picture: its record and its bytes are gone', async () => {
    const { auth } = await loginAs(t, ['Student']);
    const first = (await putAvatar(auth, PNG)).json().user.avatar as string;
    const before = storedFiles().length;
    const second = (await putAvatar(auth, JPG, 'photo.jpeg')).json().user.avatar as string;
    expect(second).not.toBe(first);
    expect(storedFiles()).toHaveLength(before);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    const img = await t.app.inject({ url: second });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['content-disposition']).toContain('filename="photo.jpeg"');
  });

  it('removes the picture on DELETE, the initials show again', async () => {
    const { auth } = await loginAs(t, ['Staff']);
    const url = (await putAvatar(auth, PNG)).json().user.avatar as string;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/users/me/avatar', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.avatarRemoved, user: { avatar: null } });
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses what is not a picture by its bytes, whatever its name says (415), and keeps nothing', async () => {
    const { auth } = await loginAs(t, ['Teacher']);
    const files = await countRows(t.ctx, 'files');
    const stored = storedFiles().length;
    for (const [content, name] of [
      [fixture('evil.svg'), 'evil.svg'],
      [fixture('marks.pdf'), 'picture.png'],
      [Buffer.from('just some text'), 'me.png'],
    ] as const) {
      const res = await putAvatar(auth, content, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_FILE_TYPE');
      expect(res.json().message).toBe(MSG.fileTypeRefused('PNG, JPEG, WebP, GIF'));
    }
    expect(await countRows(t.ctx, 'files')).toBe(files);
    expect(storedFiles()).toHaveLength(stored);
  });

  it('refuses a picture over 2 MiB (413) and a form without a file (400)', async () => {
    const { auth } = await loginAs(t, ['Teacher']);
    // A real PNG with padding after its end: still a PNG by its bytes, and 2 MiB + 1 byte long.
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await putAvatar(auth, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: MSG.fileTooLarge('2 MiB') });
    const none = await putAvatar(auth, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'FILE_REQUIRED', message: MSG.fileRequired });
    const notMultipart = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/users/me/avatar', headers: auth, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('needs a signed-in user', async () => {
    expect((await putAvatar({}, PNG)).statusCode).toBe(401);
  });
});

describe('achievements', () => {
  const base = '/api/v1/auth/users/me/achievements';

  it('adds, lists newest year first, changes and deletes the caller’s own achievements', async () => {
    const { auth } = await loginAs(t, ['Teacher']);
    const add = (body: object) => t.app.inject({ method: 'POST', url: base, headers: auth, payload: body });
    const a = await add({ title: 'Best Teacher Award, CSE', year: 2021, description: '  Chosen by the final-year students.  ' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ message: MSG.achievementSaved, achievement: { title: 'Best Teacher Award, CSE', year: 2021, description: 'Chosen by the final-year students.' } });
    const b = await add({ title: 'AICTE grant for a GPU lab', year: 2024 });
    expect(b.json().achievement.description).toBeNull();

    const list = await t.app.inject({ url: base, headers: auth });
    expect(list.json().achievements.map((x: { year: number }) => x.year)).toEqual([2024, 2021]);

    const id = a.json().achievement._id as string;
    const patched = await t.app.inject({ method: 'PATCH', url: `${base}/${id}`, headers: auth, payload: { title: 'Best Teacher Award', year: 2022 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().achievement).toMatchObject({ title: 'Best Teacher Award', year: 2022, description: null });

    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: auth });
    expect(del.json()).toEqual({ message: MSG.achievementDeleted });
    expect((await t.app.inject({ url: base, headers: auth })).json().achievements).toHaveLength(1);
  });

  it('keeps each person to their own list: another user’s achievement is a 404 to change or delete', async () => {
    const owner = await loginAs(t, ['Teacher']);
    const other = await loginAs(t, ['Teacher']);
    const id = (await t.app.inject({ method: 'POST', url: base, headers: owner.auth, payload: { title: 'IEEE paper', year: 2023 } })).json().achievement._id;
    expect((await t.app.inject({ url: base, headers: other.auth })).json().achievements).toEqual([]);
    const patch = await t.app.inject({ method: 'PATCH', url: `${base}/${id}`, headers: other.auth, payload: { title: 'Mine now', year: 2023 } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toBe(MSG.achievementNotFound);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: base, headers: owner.auth })).json().achievements[0].title).toBe('IEEE paper');
  });

  it('checks title and year with the form’s messages', async () => {
    const { auth } = await loginAs(t, ['Teacher']);
    const max = new Date().getFullYear() + 1;
    for (const [body, message] of [
      [{ title: '   ', year: 2020 }, MSG.achievementTitleRequired],
      [{ title: 'x'.repeat(201), year: 2020 }, MSG.achievementTitleTooLong],
      [{ title: 'Award', year: 1949 }, MSG.achievementYear(max)],
      [{ title: 'Award', year: max + 1 }, MSG.achievementYear(max)],
      [{ title: 'Award', year: 2020.5 }, MSG.achievementYear(max)],
      [{ title: 'Award', year: 2020, description: 'd'.repeat(1001) }, MSG.achievementDescriptionTooLong],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: base, headers: auth, payload: body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.inject({ url: base, headers: auth })).json().achievements).toEqual([]);
  });
});
