import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/session';

let server: ApiServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

describe('success page', () => {
  it('redirects to /dashboard after 5 seconds', async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }));
    const { router } = renderApp('/confirmation');
    const success = { name: 'Success! Action completed successfully!' };
    expect(await screen.findByRole('heading', success)).toBeInTheDocument();
    // The page's timers were created before faking; re-render at a fresh /confirmation to start them
    // under fake time. The other page must have replaced it first (its modules load before it shows).
    await act(() => router.navigate('/dashboard/staff/reports'));
    await waitFor(() => expect(screen.queryByRole('heading', success)).not.toBeInTheDocument());
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    await act(() => router.navigate('/confirmation'));
    await act(async () => vi.advanceTimersByTime(4_900));
    expect(router.state.location.pathname).toBe('/confirmation');
    await act(async () => vi.advanceTimersByTime(200));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/staff');
  });

  it("goes at once with 'Go to Dashboard Now'", async () => {
    server = await signedInAs(makeUser({ roles: ['Staff'] }));
    const user = userEvent.setup();
    const { router } = renderApp('/confirmation');
    await user.click(await screen.findByRole('button', { name: 'Go to Dashboard Now' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/staff');
  });
});
