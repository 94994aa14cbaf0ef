import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';
import { AuthProvider } from './auth';
import { signedInAs } from '@/test/session';
import { dashboardFor, RequireAuth } from './authorization';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('guards', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    server = await startApiServer({});
    const { router } = renderApp('/dashboard/admin?tab=1');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/admin', search: '?tab=1' } });
  });

  it('redirects once while the guarded page stays on screen, as it does while /login\'s chunk loads', async () => {
    server = await startApiServer({});
    const seen: string[] = [];
    function Locations() {
      const location = useLocation();
      if (!seen.includes(location.key)) seen.push(location.key);
      // A loop never yields to a timer: stop it here, where it shows.
      if (seen.length > 5) throw new Error(`redirected ${seen.length - 1} times`);
      return null;
    }
    // AppRoutes keeps showing the location it has until the next one's modules arrive.
    function StillShown() {
      const location = useLocation();
      const [first] = useState(location);
      return (
        <Routes location={first}>
          <Route path="/dashboard/admin" element={<RequireAuth>secret</RequireAuth>} />
        </Routes>
      );
    }
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={['/dashboard/admin']}>
          <Locations />
          <StillShown />
        </MemoryRouter>
      </AuthProvider>,
    );
    await waitFor(() => expect(seen.length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(2);
  });

  it('shows the access-denied screen on a role mismatch, and role matching is case-sensitive', async () => {
    server = await signedInAs(makeUser({ roles: ['admin'] }));
    const { router } = renderApp('/dashboard/admin');
    expect(await screen.findByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin');
  });

  it('lets a user with a listed role in', async () => {
    server = await signedInAs(makeUser({ roles: ['Teacher'], name: 'Tara' }));
    renderApp('/dashboard/teacher');
    expect(await screen.findByRole('heading', { name: 'Welcome, Tara' })).toBeInTheDocument();
  });

  it('lets any signed-in user through a route with an empty role list', async () => {
    server = await signedInAs(makeUser({ roles: ['Librarian'] }));
    renderApp('/library/teacher');
    expect(await screen.findByRole('heading', { name: 'Library' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Search Books' })).toBeInTheDocument();
  });

  it('signs out when the stored token no longer works (user fetch fails) and shows /login', async () => {
    server = await startApiServer({
      'GET /auth/users/me': { status: 401, body: { message: 'Authentication required', code: 'UNAUTHENTICATED' } },
      'POST /auth/refresh': { status: 401, body: { message: 'Invalid', code: 'INVALID_REFRESH' } },
    });
    window.localStorage.setItem('token', 'stale');
    window.localStorage.setItem('refreshToken', 'stale');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows the same access-denied page at /forbidden and /unauthorized', async () => {
    server = await startApiServer({});
    renderApp('/unauthorized');
    expect(await screen.findByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found page for an unknown path', async () => {
    server = await startApiServer({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('redirects / to /login', async () => {
    server = await startApiServer({});
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('/dashboard dispatcher', () => {
  it('maps the first role, lower-cased, to its dashboard; unknown or none goes to /login', () => {
    expect(dashboardFor(['Admin', 'Student'])).toBe('/dashboard/admin');
    expect(dashboardFor(['Student'])).toBe('/dashboard/student');
    expect(dashboardFor(['Teacher'])).toBe('/dashboard/teacher');
    expect(dashboardFor(['Staff'])).toBe('/dashboard/staff');
    expect(dashboardFor(['SuperAdmin'])).toBe('/dashboard/superadmin');
    expect(dashboardFor(['Librarian'])).toBe('/dashboard/librarian');
    expect(dashboardFor(['Janitor'])).toBe('/login');
    expect(dashboardFor([])).toBe('/login');
    expect(dashboardFor(undefined)).toBe('/login');
  });

  it.each([
    ['Student', '/dashboard/student', 'Welcome, Sam'],
    ['Staff', '/dashboard/staff', 'Welcome back'],
    ['Librarian', '/dashboard/librarian', 'Welcome, Sam'],
  ])('sends a %s to %s', async (role, target, heading) => {
    server = await signedInAs(makeUser({ roles: [role], name: 'Sam' }));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(target);
  });

  it('wraps a single role value in a list', async () => {
    server = await signedInAs(makeUser({ roles: 'Staff' }));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/staff');
  });
});
