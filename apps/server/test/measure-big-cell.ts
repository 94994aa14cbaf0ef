// Hand measurement for docs/benchmarks/import-big-cell.md (not a test): 6 parallel dry runs of a
// 0.9 MiB .xlsx holding one 45 MiB cell against a running server, /health polled meanwhile.
// Usage: BASE=http://127.0.0.1:3360 SERVER_PID=<pid> npx tsx test/measure-big-cell.ts
import { readFileSync } from 'node:fs';
import { compressibleText, xlsxWithBigCell } from './big-cell.ts';

/** One line of the report on stdout (the script's whole output). */
const say = (...parts: unknown[]) => process.stdout.write(`${parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ')}\n`);

const base = process.env.BASE ?? 'http://127.0.0.1:3360';
const pid = process.env.SERVER_PID;
const rss = () => (pid ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024 : 0);

const file = xlsxWithBigCell(['title', 'authors'], 'title', compressibleText(45 * 1024 * 1024, 70), { authors: 'Someone' });
say(`file ${(file.length / 1048576).toFixed(2)} MiB, cell 45 MiB`);
const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'librarian@demo.crs', password: 'demo1234' }) });
const { token } = (await login.json()) as { token: string };

async function healthWhile(work: Promise<unknown>) {
  const times: number[] = [];
  let done = false;
  let peak = rss();
  void work.finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    await fetch(`${base}/api/v1/health`).then((r) => r.arrayBuffer());
    times.push(performance.now() - t0);
    peak = Math.max(peak, rss());
    await new Promise((r) => setTimeout(r, 10));
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return { n: times.length, p50: q(0.5), p99: q(0.99), max: times.at(-1)!.toFixed(1), peak };
}

const before = rss();
const idle = await healthWhile(new Promise((r) => setTimeout(r, 2000)));
say('idle /health ms', idle);
const started = performance.now();
const answers: Array<{ status: number; bytes: number }> = [];
const work = Promise.all(
  Array.from({ length: 6 }, async () => {
    const form = new FormData();
    form.append('file', new Blob([file]), 'books.xlsx');
    const res = await fetch(`${base}/api/v1/library/books/import?dryRun=true`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    answers.push({ status: res.status, bytes: (await res.arrayBuffer()).byteLength });
  }),
);
const load = await healthWhile(work);
say(`6 parallel dry runs: ${((performance.now() - started) / 1000).toFixed(1)} s, answers`, answers);
say('/health ms during', load);
say(`RSS before ${before.toFixed(0)} MiB, peak ${load.peak.toFixed(0)} MiB, rise ${(load.peak - before).toFixed(0)} MiB`);
