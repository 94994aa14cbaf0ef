import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Config, Flags, Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Page } from 'puppeteer-core';
import { aimAtLeast } from './aims.ts';
import { login, root, startServer } from './server.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One Lighthouse run in a fresh Chromium; `prepare` may act on the page first (e.g. store a session). */
async function audit(url: string, preset: 'mobile' | 'desktop', prepare?: (page: Page) => Promise<void>): Promise<Result> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    if (prepare) await prepare(page);
    const flags: Flags = { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], disableStorageReset: Boolean(prepare) };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config, page);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`lighthouse ${url}: ${result.lhr.runtimeError.message}`);
    // A lost session would have scored the sign-in page instead.
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`lighthouse ${url} ended on ${result.lhr.finalDisplayedUrl}`);
    return result.lhr;
  } finally {
    await browser.close();
  }
}

function scoresOf(lhr: Result): Scores {
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Scores;
}

/** The audits that cost points, for the log (what to fix next). */
function losses(lhr: Result): string {
  const lost = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'))
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return lost.length ? lost.join(', ') : 'none';
}

/**
 * With LIGHTHOUSE_DETAIL=1, where a run's main thread went (Lantern's simulated phone, so 4× the
 * trace): the ten longest tasks with their script and start, the scripts by main-thread time, and
 * every request with its size and (observed, unthrottled) start and end.
 */
function details(lhr: Result): string[] {
  type Item = Record<string, unknown>;
  const all = (id: string) => (lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? [];
  const items = (id: string) => all(id).slice(0, 10);
  const file = (u: unknown) => String(u).replace(/^https?:\/\/[^/]+/, '');
  const ms = (x: unknown) => `${Math.round(Number(x))} ms`;
  return [
    `long tasks: ${items('long-tasks').map((t) => `${ms(t.duration)} ${file(t.url)} @${ms(t.startTime)}`).join('; ')}`,
    `by script: ${items('bootup-time').map((t) => `${file(t.url)} ${ms(t.total)} (script ${ms(t.scripting)})`).join('; ')}`,
    `main thread: ${items('mainthread-work-breakdown').map((t) => `${String(t.groupLabel)} ${ms(t.duration)}`).join('; ')}`,
    `requests: ${all('network-requests').map((t) => `${file(t.url)} ${(Number(t.transferSize) / 1024).toFixed(1)} KiB @${ms(t.networkRequestTime)}–${ms(t.networkEndTime)}`).join('; ')}`,
  ];
}

/** One audit; a run whose trace Chromium failed to record (NO_NAVSTART and the like) is run again, once. */
async function auditOnce(label: string, run: () => Promise<Result>): Promise<Result> {
  try {
    return await run();
  } catch (e) {
    console.log(`${label.padEnd(26)} no result (${(e as Error).message}); running it again`);
    return run();
  }
}

/** Runs `times` audits and takes each category's median (Lighthouse asks for that on slow, shared cores). */
async function medianScores(label: string, times: number, run: () => Promise<Result>): Promise<Scores> {
  const all: Scores[] = [];
  for (let i = 0; i < times; i++) {
    const lhr = await auditOnce(label, run);
    const s = scoresOf(lhr);
    all.push(s);
    const m = lhr.audits;
    console.log(
      `${label.padEnd(26)} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${s[c]}`).join(', ')}; FCP ${m['first-contentful-paint']?.displayValue}, LCP ${m['largest-contentful-paint']?.displayValue}, TBT ${m['total-blocking-time']?.displayValue}, CLS ${m['cumulative-layout-shift']?.displayValue}`,
    );
    console.log(`${''.padEnd(26)} lost on: ${losses(lhr)} (benchmark index ${lhr.environment.benchmarkIndex})`);
    if (process.env.LIGHTHOUSE_DETAIL === '1') for (const line of details(lhr)) console.log(`${''.padEnd(26)} ${line}`);
  }
  return Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((s) => s[c]))])) as Scores;
}

/**
 * Lighthouse 13 on the real server (`npm start`'s build): /login with the mobile and desktop presets
 * in all four categories, and the student dashboard signed in (the session stored where the client
 * keeps it, localStorage `token`/`refreshToken`). Each figure is the median of LIGHTHOUSE_RUNS runs
 * (default 3); LIGHTHOUSE_PAGES=login or =dashboard audits one of the two (default both);
 * LIGHTHOUSE_DETAIL=1 prints each run's long tasks and main-thread time by script. Aims: 100
 * everywhere on /login, ≥ 95 performance on the dashboard.
 */
export async function lighthouseBench(): Promise<void> {
  console.log('## Client: Lighthouse (median of runs)');
  if (!existsSync(CHROMIUM)) {
    console.log(`Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium): skipped.\n`);
    return;
  }
  const times = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = new Set((process.env.LIGHTHOUSE_PAGES ?? 'login,dashboard').split(','));
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
  const server = await startServer();
  try {
    for (const preset of pages.has('login') ? (['mobile', 'desktop'] as const) : []) {
      const s = await medianScores(`/login ${preset}`, times, () => audit(`${server.url}/login`, preset));
      for (const c of CATEGORIES) aimAtLeast(`lighthouse /login ${preset} ${c}`, s[c], 100, 0);
    }
    const sessionFor = (email: string) => async (page: Page) => {
      const res = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo1234' }) });
      const { token, refreshToken } = (await res.json()) as { token: string; refreshToken: string };
      // Any page of the origin will do to reach its localStorage; robots.txt loads no script.
      await page.goto(`${server.url}/robots.txt`);
      await page.evaluate((t, r) => {
        localStorage.setItem('token', t);
        localStorage.setItem('refreshToken', r);
      }, token, refreshToken);
    };
    if (!pages.has('dashboard')) return;
    await login(server.url, 'student@demo.crs'); // fails loudly if the demo account is missing
    const dash = await medianScores('/dashboard/student mobile', times, () => audit(`${server.url}/dashboard/student`, 'mobile', sessionFor('student@demo.crs')));
    aimAtLeast('lighthouse /dashboard/student mobile performance', dash.performance, 95, 0);
    console.log();
  } finally {
    await server.stop();
  }
}
