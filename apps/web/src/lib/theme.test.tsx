import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DARK_OS, setMediaMatches } from '@/test/match-media';
import { startApiServer, type ApiServer } from '@/test/api-server';
import { renderApp } from '@/test/render';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const html = () => document.documentElement;

describe('theme', () => {
  it('defaults to system and cycles light → dark → system → light, stored under `theme`', async () => {
    server = await startApiServer({});
    const user = userEvent.setup();
    renderApp('/login');
    const toggle = await screen.findByRole('button', { name: 'Theme: System. Switch to Light' });
    expect(html()).not.toHaveClass('dark');

    await user.click(toggle);
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(html()).not.toHaveClass('dark');
    expect(toggle).toHaveAccessibleName('Theme: Light. Switch to Dark');

    await user.click(toggle);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(html()).toHaveClass('dark');

    await user.click(toggle);
    expect(window.localStorage.getItem('theme')).toBe('system');
    expect(html()).not.toHaveClass('dark');

    await user.click(toggle);
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('follows the OS preference live while on system', async () => {
    server = await startApiServer({});
    renderApp('/register');
    await screen.findByRole('button', { name: /^Theme: System/ });
    expect(html()).not.toHaveClass('dark');
    act(() => setMediaMatches(DARK_OS));
    expect(html()).toHaveClass('dark');
    act(() => setMediaMatches(() => false));
    expect(html()).not.toHaveClass('dark');
  });

  it('keeps an explicit choice when the OS changes', async () => {
    window.localStorage.setItem('theme', 'light');
    server = await startApiServer({});
    renderApp('/forgot-password');
    await screen.findByRole('button', { name: /^Theme: Light/ });
    act(() => setMediaMatches(DARK_OS));
    expect(html()).not.toHaveClass('dark');
  });

  it.each(['/login', '/register', '/forgot-password', '/reset-password?token=abc'])('has a theme toggle on %s', async (path) => {
    server = await startApiServer({});
    renderApp(path);
    expect(await screen.findByRole('button', { name: /^Theme: / })).toBeInTheDocument();
  });
});
