import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server: e2e/global-setup.ts builds the client, starts one
 * apps/server per worker on a fresh data directory at this port + the worker's index, and
 * global-teardown stops them (decision 0034).
 */
export const E2E_PORT = Number(process.env.CRS_E2E_PORT ?? 3210);

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: 'test-results/artifacts',
  // A spec file runs whole on one worker, against that worker's server. The tests wait more than
  // they compute: on two cores two workers kept half the machine busy, four all of it (CI sets
  // CRS_E2E_WORKERS=2 since session 21: four overran the longest tests on a slower machine; decision 0034).
  fullyParallel: false,
  workers: Number(process.env.CRS_E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    // CRS_E2E_BASE_URL points the browser elsewhere (e.g. `vite preview` proxying /api to this server).
    baseURL: process.env.CRS_E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`,
    // A trace records every action's DOM snapshot and screencast frames in every test, kept only when
    // one fails; CI keeps no files, so it records none there (CRS_E2E_TRACE=0: a third less browser
    // CPU, decision 0034).
    trace: process.env.CRS_E2E_TRACE === '0' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell of the same Chromium (package chromium-headless-shell): the same Blink
      // without the browser's UI and compositor, a third less CPU per run than /usr/bin/chromium
      // (decision 0034). CRS_E2E_CHROMIUM points elsewhere, e.g. at /usr/bin/chromium.
      executablePath: process.env.CRS_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
