// A user's iCal feed for a full term (issue 27 aim): p95 ≤ 50 ms, next to /health in the same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aimAtMost } from './aims.ts';
import { probe } from './measure.ts';
import { fmt, login, root, startServer } from './server.ts';

const SECTIONS = 6;
const STUDENTS = 60;
const EMAIL = 'bench.teacher@demo.crs';

const cli = (args: string[], env: Record<string, string>) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`${args[0]} failed`);
};

/**
 * GET /calendar/feeds/{secret}.ics (no sign-in) for the attendance bench's teacher: 6 sections with
 * their weekly classes over the terms of Settings (RRULE + EXDATE for the demo year's holidays),
 * exams, holidays, exam periods and events, on the embedded database; also GET /calendar for the
 * month. Aim: feed p95 ≤ 50 ms.
 */
export async function calendarBench(opts: { requests: number }): Promise<void> {
  console.log(`## Calendar: a teacher's iCal feed for the terms (${SECTIONS} sections, demo holidays; embedded, sequential requests)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-bench-calendar-'));
  try {
    const env = { CRS_DATA_DIR: dataDir };
    const t0 = Date.now();
    cli(['db:seed-attendance', '--email', EMAIL, '--sections', String(SECTIONS), '--students', String(STUDENTS), '--weeks', '4'], env);
    cli(['db:seed-calendar'], env);
    console.log(`(seeded in ${fmt((Date.now() - t0) / 1000, 1)} s)`);
    const server = await startServer(env);
    try {
      const auth = { authorization: `Bearer ${await login(server.url, EMAIL)}` };
      const { url } = (await (await fetch(`${server.url}/api/v1/calendar/feed`, { headers: auth })).json()) as { url: string };
      const feedUrl = `${server.url}${new URL(url).pathname}`;
      const body = await (await fetch(feedUrl)).text();
      const health = await probe(`${server.url}/api/v1/health`, {}, opts.requests);
      const month = await probe(`${server.url}/api/v1/calendar`, auth, opts.requests);
      const feed = await probe(feedUrl, {}, opts.requests);
      console.log('                     p50 ms   p95 ms    req/s');
      for (const [label, m] of [['health', health], ['calendar (month)', month], ['calendar feed', feed]] as const) {
        console.log(`${label.padEnd(20)} ${fmt(m.p50, 1).padStart(7)}  ${fmt(m.p95, 1).padStart(7)}  ${fmt(m.rps).padStart(7)}`);
      }
      const events = body.split('BEGIN:VEVENT').length - 1;
      const exdates = body.split('\nEXDATE').length - 1;
      console.log(`(feed: ${fmt(body.length / 1024, 1)} KiB, ${events} events, ${body.split('RRULE:').length - 1} weekly, ${exdates} EXDATE lines)`);
      aimAtMost('calendar feed p95', feed.p95, 50, 1, ' ms');
      console.log('');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
