// The attendance summary at a realistic teaching load (issue 11 item 9).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aimAtMost } from './aims.ts';
import { probe } from './measure.ts';
import { fmt, login, root, startServer } from './server.ts';

const SECTIONS = 6;
const STUDENTS = 60;
const WEEKS = 16;
const EMAIL = 'bench.teacher@demo.crs';

/**
 * GET /attendance/summary for a teacher with 6 sections × 60 students × a semester (16 weeks, four
 * classes a week each: 384 sessions, ~23k records) on the embedded database, next to the health
 * route in the same run; also the attendance page's roster read. Aim: summary p95 ≤ 20 ms.
 */
export async function attendanceBench(opts: { requests: number }): Promise<void> {
  console.log(`## Attendance: summary for ${SECTIONS} sections × ${STUDENTS} students × ${WEEKS} weeks (embedded, sequential requests)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-bench-attendance-'));
  try {
    const env = { CRS_DATA_DIR: dataDir };
    const t0 = Date.now();
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'db:seed-attendance', '--email', EMAIL, '--sections', String(SECTIONS), '--students', String(STUDENTS), '--weeks', String(WEEKS)],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (r.status !== 0) throw new Error('db:seed-attendance failed');
    console.log(`(seeded in ${fmt((Date.now() - t0) / 1000, 1)} s)`);
    const server = await startServer(env);
    try {
      const auth = { authorization: `Bearer ${await login(server.url, EMAIL)}` };
      const health = await probe(`${server.url}/api/v1/health`, {}, opts.requests);
      const me = await probe(`${server.url}/api/v1/auth/users/me`, auth, opts.requests);
      const summary = await probe(`${server.url}/api/v1/attendance/summary`, auth, opts.requests);
      const first = (await (await fetch(`${server.url}/api/v1/attendance/summary`, { headers: auth })).json()) as { byClass: Array<{ assignmentId: string; sessions: number; marked: number }> };
      const sessions = first.byClass.reduce((s, c) => s + c.sessions, 0);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const roster = await probe(`${server.url}/api/v1/attendance/sessions?assignmentId=${first.byClass[0]!.assignmentId}&date=${yesterday}`, auth, Math.min(100, opts.requests));
      console.log('                     p50 ms   p95 ms    req/s');
      for (const [label, m] of [['health', health], ['auth/users/me', me], ['attendance/summary', summary], ['attendance/sessions', roster]] as const) {
        console.log(`${label.padEnd(20)} ${fmt(m.p50, 1).padStart(7)}  ${fmt(m.p95, 1).padStart(7)}  ${fmt(m.rps).padStart(7)}`);
      }
      console.log(`(${first.byClass.length} classes, ${fmt(sessions)} sessions, ${fmt(first.byClass.reduce((s, c) => s + c.marked, 0))} marked records)`);
      aimAtMost('attendance summary p95 (pglite, 6×60×16 weeks)', summary.p95, 20, 1, ' ms');
      console.log('');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
