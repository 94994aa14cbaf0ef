import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@crs/shared/messages';
import type { Hold } from '@crs/shared/schemas/library';
import { makeUser, type ApiServer } from '@/test/api-server';
import { makeBook } from '@/test/library';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';
import { formatDate } from '@/lib/format-date';
import { HOLDS_TEXT } from '../holds-texts';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const hold = (overrides: Partial<Hold>): Hold => {
  const book = makeBook();
  return { _id: `30000000-0000-4000-8000-00000000000${overrides.status === 'ready' ? 1 : 2}`, bookId: book._id, book, status: 'waiting', position: 2, placedAt: '2026-11-20T10:00:00Z', readyAt: null, expiresAt: null, accession: null, ...overrides };
};

describe('holds in My Loans', () => {
  it('lists a ready hold (its copy and when to collect it) and a waiting one (place in line); Cancel removes one', async () => {
    const ready = hold({ status: 'ready', position: null, readyAt: '2026-11-27T10:00:00Z', expiresAt: '2026-11-30T10:00:00Z', accession: 'CRSIET-000777' });
    const waiting = hold({});
    let holds = [ready, waiting];
    server = await signedInAs(makeUser({ roles: ['Student'] }), {
      'GET /library/loans': { body: { loans: [], total: 0 } },
      'GET /library/fines': { body: { total: 0, overdue: 0 } },
      'GET /library/holds/me': () => ({ body: { holds } }),
      [`DELETE /library/holds/${waiting._id}`]: () => {
        holds = [ready];
        return { body: { message: MSG.holdCancelled, hold: { ...waiting, status: 'cancelled' } } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/student/library');
    const table = await screen.findByRole('table', { name: HOLDS_TEXT.myHolds }, { timeout: 10_000 });
    expect(await within(table).findByText(HOLDS_TEXT.holdReady('CRSIET-000777', formatDate(ready.expiresAt)))).toBeInTheDocument();
    expect(within(table).getByText(HOLDS_TEXT.holdWaiting(2))).toBeInTheDocument();
    const rows = within(table).getAllByTestId('hold-row');
    await user.click(within(rows[1]!).getByRole('button', { name: HOLDS_TEXT.cancelHold }));
    expect(await screen.findByText(MSG.holdCancelled)).toBeInTheDocument();
    expect(server.calls(`DELETE /library/holds/${waiting._id}`)).toHaveLength(1);
    await expect.poll(() => within(table).queryAllByTestId('hold-row').length).toBe(1);
  }, 30_000);
});
