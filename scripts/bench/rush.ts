// The morning rush (issue 29): 2,000 students sign in and open their dashboard within two minutes
// against one server process, embedded and PostgreSQL, next to the same load on /health.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { aimAtMost } from './aims.ts';
import { quantile } from './measure.ts';
import { cpuMs, databaseTargets, fmt, root, startServer } from './server.ts';

/**
 * Every API call the student dashboard (/dashboard/student, apps/web/src/app/routes/app/dashboards/
 * student.tsx) makes on its first load after signing in, as the browser makes them. Sign-in: POST
 * /auth/login, then the auth provider's GET /auth/users/me (signIn awaits it before the page shows).
 * Then, in parallel, the app frame's and the cards' reads:
 */
export const DASHBOARD_CALLS: ReadonlyArray<{ label: string; path: string }> = [
  { label: 'settings/public', path: '/api/v1/settings/public' }, // app frame: institution name and logo (usePublicSettings)
  { label: 'notifications (bell)', path: '/api/v1/notifications?pageSize=8' }, // app frame: the bell (BELL_SIZE 8)
  { label: 'attendance/me', path: '/api/v1/attendance/me' }, // AttendanceCard (useAttendanceOf without a student)
  { label: 'results/me', path: '/api/v1/results/me' }, // CgpaCard (useResultsOf)
  { label: 'library/summary', path: '/api/v1/library/summary' }, // the Library stat card (useLibrarySummaryOf)
  { label: 'exams/upcoming', path: '/api/v1/assesment/exams/upcoming' }, // Upcoming Deadlines: exams (useUpcomingExamsOf)
  { label: 'library/loans', path: '/api/v1/library/loans?status=unreturned&pageSize=100' }, // Upcoming Deadlines: books due (useLoansOf, LOANS_MAX_PAGE_SIZE)
  { label: 'placement/jobs', path: '/api/v1/placement/jobs' }, // Upcoming Deadlines: placement (usePlacementDeadlines → useJobs)
  { label: 'calendar/upcoming', path: '/api/v1/calendar/upcoming' }, // UpcomingCard: next holiday and event
  { label: 'docs', path: '/api/v1/docs' }, // the document repository's read view (DocsGrid)
];

const CONNECTIONS = 50;
const LIMIT_S = 120;
const P95_AIM_MS = 300;
/** Arrivals are spread over this many seconds, leaving the rest of the two minutes for the last ones to finish. */
const ARRIVALS_S = Number(process.env.BENCH_RUSH_ARRIVALS_SECONDS ?? 90);

type Sample = { label: string; ms: number; ok: boolean };

/** One HTTP request over the shared keep-alive agent: its status and latency (from the call, so waiting for a free connection counts). */
function request(agent: http.Agent, base: URL, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; ms: number; body: string }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - t0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0, body: '' }));
    req.end(body);
  });
}

/** One student's morning: sign in, the user, then the dashboard's calls in parallel. */
async function student(agent: http.Agent, base: URL, email: string, samples: Sample[]): Promise<void> {
  const login = await request(agent, base, 'POST', '/api/v1/auth/login', {}, JSON.stringify({ email, password: 'demo1234' }));
  samples.push({ label: 'auth/login', ms: login.ms, ok: login.status === 200 });
  if (login.status !== 200) return;
  const auth = { authorization: `Bearer ${(JSON.parse(login.body) as { token: string }).token}` };
  const me = await request(agent, base, 'GET', '/api/v1/auth/users/me', auth);
  samples.push({ label: 'auth/users/me', ms: me.ms, ok: me.status === 200 });
  await Promise.all(
    DASHBOARD_CALLS.map(async (c) => {
      const r = await request(agent, base, 'GET', c.path, auth);
      samples.push({ label: c.label, ms: r.ms, ok: r.status === 200 });
    }),
  );
}

/** `students` arrivals evenly over ARRIVALS_S seconds (fewer students: proportionally shorter), `CONNECTIONS` keep-alive connections. */
async function rush(url: string, students: number): Promise<{ samples: Sample[]; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const base = new URL(url);
  const samples: Sample[] = [];
  const gapMs = ((ARRIVALS_S * Math.min(1, students / 2000)) * 1000) / students;
  const t0 = performance.now();
  const runs: Promise<void>[] = [];
  for (let i = 1; i <= students; i++) {
    const wait = t0 + (i - 1) * gapMs - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    runs.push(student(agent, base, `rush.${i}@demo.crs`, samples));
  }
  await Promise.all(runs);
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { samples, seconds };
}

/** `n` GET /api/v1/health at the same concurrency (CONNECTIONS callers back to back): the baseline. */
async function healthLoad(url: string, n: number): Promise<{ samples: Sample[]; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const base = new URL(url);
  const samples: Sample[] = [];
  let left = n;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) {
        const r = await request(agent, base, 'GET', '/api/v1/health', {});
        samples.push({ label: 'health', ms: r.ms, ok: r.status === 200 });
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { samples, seconds };
}

/**
 * Where the time goes: each call alone, `n` times back to back over one connection as one student
 * (after the rush, so warm), with its p50 and the server's CPU per request.
 */
async function atRest(url: string, pid: number | undefined, email: string, n: number): Promise<Array<{ label: string; p50: number; cpuUs: number | undefined }>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const base = new URL(url);
  const body = JSON.stringify({ email, password: 'demo1234' });
  const token = (JSON.parse((await request(agent, base, 'POST', '/api/v1/auth/login', {}, body)).body) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const calls: Array<{ label: string; method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string }> = [
    { label: 'health', method: 'GET', path: '/api/v1/health', headers: {} },
    { label: 'auth/login', method: 'POST', path: '/api/v1/auth/login', headers: {}, body },
    { label: 'auth/users/me', method: 'GET', path: '/api/v1/auth/users/me', headers: auth },
    ...DASHBOARD_CALLS.map((c) => ({ label: c.label, method: 'GET' as const, path: c.path, headers: auth })),
  ];
  const out = [];
  for (const c of calls) {
    const times: number[] = [];
    const before = cpuMs(pid);
    for (let i = 0; i < n; i++) times.push((await request(agent, base, c.method, c.path, c.headers, c.body)).ms);
    const after = cpuMs(pid);
    times.sort((a, b) => a - b);
    out.push({ label: c.label, p50: quantile(times, 0.5), cpuUs: before !== undefined && after !== undefined ? ((after - before) * 1000) / n : undefined });
  }
  agent.destroy();
  return out;
}

const stats = (xs: Sample[]) => {
  const ms = xs.map((s) => s.ms).sort((a, b) => a - b);
  return { n: xs.length, errors: xs.filter((s) => !s.ok).length, p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), p99: quantile(ms, 0.99), max: ms[ms.length - 1] ?? Number.NaN };
};

/**
 * Issue 29's morning rush: BENCH_RUSH_STUDENTS (default 2,000) students, seeded into the demo
 * college's sections (`db:seed-students`, through the running server's admin socket on the embedded
 * database), arrive evenly over 90 s; each signs in and opens the dashboard (DASHBOARD_CALLS) over
 * 50 shared keep-alive connections. Then the same number of GET /health at the same concurrency.
 * Aims per database: all done within 120 s, 0 errors, p95 per request ≤ 300 ms.
 */
export async function rushBench(opts: { pgUrl: string | undefined }): Promise<void> {
  const students = Number(process.env.BENCH_RUSH_STUDENTS ?? 2000);
  const calls = 2 + DASHBOARD_CALLS.length;
  console.log(`## Morning rush: ${fmt(students)} students sign in and open their dashboard (${calls} requests each), arrivals over ${fmt(ARRIVALS_S * Math.min(1, students / 2000))} s, ${CONNECTIONS} keep-alive connections, one server process`);
  const targets = databaseTargets(opts.pgUrl);
  for (const target of targets) {
    const { env, done } = await target.env();
    try {
      const server = await startServer(env);
      try {
        const t0 = Date.now();
        // Embedded: the CLI hands the command to the server holding the data folder; PostgreSQL: it connects itself.
        const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'db:seed-students', '--count', String(students)], {
          cwd: root,
          env: { ...process.env, LOG_LEVEL: 'warn', ...env, CRS_DATA_DIR: server.dataDir },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        if (seeded.status !== 0) throw new Error('db:seed-students failed');
        console.log(`${target.name}: seeded ${fmt(students)} students in ${fmt((Date.now() - t0) / 1000, 1)} s; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
        const [cpu0, main0] = [cpuMs(server.pid), cpuMs(server.pid, 'main')];
        const r = await rush(server.url, students);
        const [cpu1, main1] = [cpuMs(server.pid), cpuMs(server.pid, 'main')];
        const all = stats(r.samples);
        const h = await healthLoad(server.url, all.n);
        const [cpu2, main2] = [cpuMs(server.pid), cpuMs(server.pid, 'main')];
        const hs = stats(h.samples);
        const cpuPerReq = (a: number | undefined, b: number | undefined, n: number) => (a !== undefined && b !== undefined ? `${fmt(((b - a) * 1000) / n)} µs` : '');
        console.log('load                     requests  errors   p50 ms   p95 ms   p99 ms   max ms  total s    req/s  server CPU/req  main thread/req');
        const line = (label: string, s: ReturnType<typeof stats>, seconds: number, cpu: string, main: string) =>
          console.log(`${label.padEnd(24)} ${fmt(s.n).padStart(8)}  ${String(s.errors).padStart(6)}  ${fmt(s.p50, 1).padStart(7)}  ${fmt(s.p95, 1).padStart(7)}  ${fmt(s.p99, 1).padStart(7)}  ${fmt(s.max).padStart(7)}  ${fmt(seconds, 1).padStart(7)}  ${fmt(s.n / seconds).padStart(7)}  ${cpu.padStart(14)}  ${main.padStart(15)}`);
        line(`rush (${target.name})`, all, r.seconds, cpuPerReq(cpu0, cpu1, all.n), cpuPerReq(main0, main1, all.n));
        line(`health (${target.name})`, hs, h.seconds, cpuPerReq(cpu1, cpu2, hs.n), cpuPerReq(main1, main2, hs.n));
        console.log(`rush/health: p95 ×${fmt(all.p95 / hs.p95, 1)}, p50 ×${fmt(all.p50 / hs.p50, 1)}`);
        console.log('per call                 requests  errors   p50 ms   p95 ms   p99 ms   max ms');
        for (const label of ['auth/login', 'auth/users/me', ...DASHBOARD_CALLS.map((c) => c.label)]) {
          const s = stats(r.samples.filter((x) => x.label === label));
          console.log(`${label.padEnd(24)} ${fmt(s.n).padStart(8)}  ${String(s.errors).padStart(6)}  ${fmt(s.p50, 1).padStart(7)}  ${fmt(s.p95, 1).padStart(7)}  ${fmt(s.p99, 1).padStart(7)}  ${fmt(s.max).padStart(7)}`);
        }
        const rest = await atRest(server.url, server.pid, 'rush.1@demo.crs', 30);
        console.log('at rest (one connection, 30 each)  p50 ms  server CPU/req');
        for (const c of rest) console.log(`${c.label.padEnd(34)} ${fmt(c.p50, 1).padStart(7)}  ${c.cpuUs === undefined ? '' : `${fmt(c.cpuUs)} µs`}`);
        const who = `${students} students`;
        aimAtMost(`morning rush ${who} within ${LIMIT_S} s (${target.name})`, r.seconds, LIMIT_S, 1, ' s');
        aimAtMost(`morning rush errors (${target.name})`, all.errors + (all.n < students * calls ? students * calls - all.n : 0), 0, 0);
        aimAtMost(`morning rush p95 (${target.name})`, all.p95, P95_AIM_MS, 0, ' ms');
      } finally {
        await server.stop();
      }
    } finally {
      await done();
    }
  }
  console.log('');
}
