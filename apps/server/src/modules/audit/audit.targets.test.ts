// Issue 25 item 5: alumni deletions — one alumnus, or many in one batch — are 'record.deleted'
// entries that name the alumnus, and System Logs can find exactly them: GET /audit filters by the
// kind of target (`target=alumnus`) beside the action.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import { auditListResponse } from '@crs/shared/schemas/audit';
import { createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { addAlumnus } from '../alumni/alumni.fixtures.ts';

let t: TestApp;
let superAdmin: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await loginAs(t, ['SuperAdmin']);
  admin = await loginAs(t, ['Admin']);
});
afterAll(() => t.close());

const IP = '192.0.2.77';
const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: admin.auth, remoteAddress: IP, ...(payload ? { payload } : {}) });
async function audit(query: Record<string, string>) {
  const res = await t.app.inject({ url: `/api/v1/audit?${new URLSearchParams({ pageSize: '100', ...query })}`, headers: superAdmin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return auditListResponse.parse(res.json()).entries;
}

describe('alumni deletions in System Logs', () => {
  it('names each deleted alumnus, single or batch, and filters them by kind', async () => {
    const w = randomBytes(3).toString('hex');
    const one = await addAlumnus(t, admin.auth, { name: `Single ${w}`, email: `single.${w}@alumni.example` });
    const a = await addAlumnus(t, admin.auth, { name: `Batch A ${w}` });
    const b = await addAlumnus(t, admin.auth, { name: `Batch B ${w}`, email: `b.${w}@alumni.example` });
    expect((await call('DELETE', `/alumni/${one._id}`)).statusCode).toBe(200);
    expect((await call('POST', '/alumni/delete', { ids: [a._id, b._id] })).json()).toMatchObject({ message: MSG.alumniDeleted, deleted: 2 });
    // Another kind of deletion from the same admin and address, which the kind filter leaves out.
    const notice = await t.app.inject({ method: 'POST', url: '/api/v1/notices', headers: admin.auth, payload: { title: `Gone ${w}`, body: 'Text' } });
    expect(notice.statusCode, notice.body).toBe(201);
    expect((await call('DELETE', `/notices/${notice.json().notice._id}`)).statusCode).toBe(200);

    const alumni = (await audit({ action: 'record.deleted', target: 'alumnus' })).filter((e) => e.ip === IP);
    expect(alumni.map((e) => e.target?.label).sort()).toEqual([`Batch A ${w}`, `Batch B ${w} <b.${w}@alumni.example>`, `Single ${w} <single.${w}@alumni.example>`]);
    for (const e of alumni) expect(e).toMatchObject({ action: 'record.deleted', actor: { id: admin.user.id, email: admin.user.email }, target: { type: 'alumnus' } });
    expect(alumni.map((e) => e.target?.id).sort()).toEqual([one._id, a._id, b._id].sort());
    // Without the kind, the notice is among the deletions too; with another kind, no alumnus is.
    expect((await audit({ action: 'record.deleted' })).filter((e) => e.ip === IP)).toHaveLength(4);
    expect((await audit({ target: 'notice' })).filter((e) => e.ip === IP).map((e) => e.target?.label)).toEqual([`Gone ${w}`]);
    // A kind too long to be one is the client's mistake.
    expect((await t.app.inject({ url: `/api/v1/audit?target=${'x'.repeat(61)}`, headers: superAdmin.auth })).statusCode).toBe(400);
  });
});
