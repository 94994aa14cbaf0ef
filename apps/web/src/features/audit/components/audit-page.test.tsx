import { describe, expect, it } from 'vitest';
import { detailLines } from './audit-page';

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
