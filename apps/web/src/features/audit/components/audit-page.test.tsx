import { describe, expect, it } from 'vitest';
import { AUDIT_CONSOLE_ACTOR } from '@crs/shared/constants/audit';
import { actorName, detailLines } from './audit-page';

describe('System Logs details', () => {
  it('shows each changed field as "field: from → to", then each detail as "key: value"', () => {
    expect(
      detailLines({
        changes: { status: { from: 'active', to: 'disabled' }, roles: { from: ['Student'], to: ['Student', 'Admin'] }, phone: { from: null, to: '9000000001' } },
        details: { sessionsEnded: 2, filters: { q: 'x' } },
      }),
    ).toEqual(['status: active → disabled', 'roles: Student → Student, Admin', 'phone: — → 9000000001', 'sessionsEnded: 2', 'filters: {"q":"x"}']);
  });

  it('has no lines for an entry without changes or details', () => {
    expect(detailLines({ changes: {}, details: {} })).toEqual([]);
  });
});

describe('System Logs actor', () => {
  it("names an account, an anonymous attempt and the server's command line", () => {
    expect(actorName({ id: 'u1', name: 'Meera Iyer', email: 'meera@demo.crs' })).toBe('Meera Iyer');
    expect(actorName({ id: null, name: null, email: 'someone@demo.crs' })).toBe('Anonymous');
    expect(actorName({ id: null, name: AUDIT_CONSOLE_ACTOR, email: null })).toBe('Command line');
  });
});
