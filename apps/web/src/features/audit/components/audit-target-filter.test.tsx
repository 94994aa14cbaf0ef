import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@crs/shared/schemas/audit';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

// Issue 25 item 5: System Logs finds alumni deletions — 'Record deleted' and 'Acted on: Alumni' — and
// keeps both filters in the URL.
let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const deletion: AuditEntry = {
  id: 'e1',
  at: '2026-11-27T10:00:00.000Z',
  action: 'record.deleted',
  actor: { id: 'u1', name: 'Asha Admin', email: 'admin@demo.crs' },
  ip: '192.0.2.7',
  target: { type: 'alumnus', id: 'a1', label: 'Kiran Rao <kiran@alumni.example>' },
  changes: {},
  details: {},
};

describe('System Logs: what was acted on', () => {
  it('filters by the kind of target beside the action, in the URL and the request', async () => {
    server = await signedInAs(makeUser({ roles: ['SuperAdmin'] }), {
      'GET /audit': (req) => ({ body: { entries: req.query.get('target') === 'alumnus' ? [deletion] : [], total: req.query.get('target') === 'alumnus' ? 1 : 0, timeZone: 'Asia/Kolkata' } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/superadmin/logs');
    await user.selectOptions(await screen.findByLabelText('Action'), 'record.deleted');
    await user.selectOptions(screen.getByLabelText('Acted on'), 'Alumni');
    expect(await screen.findByText('Kiran Rao <kiran@alumni.example>')).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('target')).toBe('alumnus'));
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('record.deleted');
    const last = server.calls('GET /audit').at(-1)!;
    expect(last.query.get('target')).toBe('alumnus');
    expect(last.query.get('action')).toBe('record.deleted');
  });
});
