// Issue 30 item 5: the demo notifications — a few of each kind for the demo student and teacher,
// the older ones read, no mail; the student's own email choices; written once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, listNotificationsResponse, preferencesResponse } from '@crs/shared/schemas/notifications';
import { apiOn, createTestApp, loginAs } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { rows } from '../../../test/util.ts';
import * as notifications from './notifications.service.ts';

let t: TestApp;
const api = apiOn(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo notifications', () => {
  it('gives the student every kind and the teacher a few, newest first, some unread, once and without mail', async () => {
    const student = await loginAs(t, ['Student']);
    const teacher = await loginAs(t, ['Teacher']);
    expect(await notifications.seedDemoNotifications(t.ctx, { studentId: student.user.id, teacherId: teacher.user.id })).toBe(true);
    expect(await notifications.seedDemoNotifications(t.ctx, { studentId: student.user.id, teacherId: teacher.user.id })).toBe(false);
    const mine = listNotificationsResponse.parse((await api('GET', '/notifications?pageSize=50', student.auth)).json());
    // Every kind a student hears of (absence alerts go to guardians).
    expect(new Set(mine.notifications.map((n) => n.kind))).toEqual(new Set(NOTIFICATION_KINDS.filter((k) => k !== 'absence')));
    expect(mine.unread).toBeGreaterThan(0);
    expect(mine.unread).toBeLessThan(mine.total);
    const times = mine.notifications.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const theirs = listNotificationsResponse.parse((await api('GET', '/notifications', teacher.auth)).json());
    expect(theirs.total).toBeGreaterThanOrEqual(2);
    expect(await rows(t.ctx, sql`select id from notifications where email <> 'none'`)).toHaveLength(0);
    const prefs = preferencesResponse.parse((await api('GET', '/notifications/preferences', student.auth)).json());
    expect(prefs.preferences.find((p) => p.kind === 'attendance')).toEqual({ kind: 'attendance', email: 'immediate', isDefault: false });
  });

  it("gives the demo guardian absence alerts, results and attendance, and their email choices", async () => {
    const guardian = await loginAs(t, ['Guardian']);
    expect(await notifications.seedDemoNotifications(t.ctx, { studentId: undefined, teacherId: undefined, guardianId: guardian.user.id })).toBe(true);
    const mine = listNotificationsResponse.parse((await api('GET', '/notifications?pageSize=50', guardian.auth)).json());
    expect(new Set(mine.notifications.map((n) => n.kind))).toEqual(new Set(['absence', 'results', 'attendance']));
    const prefs = preferencesResponse.parse((await api('GET', '/notifications/preferences', guardian.auth)).json());
    expect(prefs.preferences.find((p) => p.kind === 'absence')).toEqual({ kind: 'absence', email: 'immediate', isDefault: false });
  });
});
