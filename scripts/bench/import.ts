import { readFileSync } from 'node:fs';
import path from 'node:path';
import { aimAtLeast, aimAtMost } from './aims.ts';
import { probeWhile, quantile } from './measure.ts';
import { fmt, login, root, startServer } from './server.ts';

const FIXTURE = path.join(root, 'apps/server/test/fixtures/import/books-5000.xlsx');
const P99_AIM_MS = 250;
const ROWS_PER_SECOND_AIM = 1000;

type Probe = { label: string; path: string };
const PROBES: Probe[] = [
  { label: 'GET /auth/users/me', path: '/api/v1/auth/users/me' },
  { label: 'catalogue search', path: '/api/v1/library/books?q=engineering' },
];

async function upload(url: string, token: string, bytes: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'books-5000.xlsx');
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/library/books/import${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { created?: number; skipped?: number; errors?: unknown[] };
  if (res.status !== 200) throw new Error(`import ${dryRun ? 'dry run' : ''}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - t0, body };
}

/**
 * The one import pipeline on the embedded database: a 5,000-row .xlsx made by LibreOffice, dry run
 * then real import, through the running server. Prints rows/s, and p50/p99 of other requests
 * (an authenticated read, a catalogue search) during the import next to the same requests with
 * no import, same run. Aims: p99 during the import ≤ 250 ms, ≥ 1,000 rows/s.
 */
export async function importBench(): Promise<void> {
  console.log('## Import: 5,000-row .xlsx into the library on the embedded database (dry run, then real)');
  const xlsx = readFileSync(FIXTURE);
  const server = await startServer();
  try {
    const desk = await login(server.url, 'librarian@demo.crs');
    const student = { authorization: `Bearer ${await login(server.url, 'student@demo.crs')}` };
    // Warm up both probes, then the baseline: the same requests with nothing else running, for 5 s.
    const idle = new Promise((r) => setTimeout(r, 5000));
    const baseline = await Promise.all(PROBES.map((p) => probeWhile(`${server.url}${p.path}`, student, idle)));

    const results: Array<{ phase: string; ms: number; during: number[][] }> = [];
    for (const dryRun of [true, false]) {
      const job = upload(server.url, desk, xlsx, dryRun);
      const during = await Promise.all(PROBES.map((p) => probeWhile(`${server.url}${p.path}`, student, job)));
      const { ms, body } = await job;
      if (!dryRun && body.created !== 5000) throw new Error(`expected 5000 created, got ${JSON.stringify(body)}`);
      results.push({ phase: dryRun ? 'dry run' : 'import', ms, during });
    }

    console.log('phase      rows/s   seconds');
    for (const r of results) console.log(`${r.phase.padEnd(9)} ${fmt((5000 * 1000) / r.ms).padStart(7)}   ${fmt(r.ms / 1000, 2).padStart(7)}`);
    console.log('request              phase       n     p50 ms   p99 ms   p99 vs idle');
    PROBES.forEach((p, i) => {
      const idleTimes = baseline[i]!;
      const row = (phase: string, t: number[], ratio = '') =>
        console.log(`${p.label.padEnd(20)} ${phase.padEnd(9)} ${String(t.length).padStart(5)}  ${fmt(quantile(t, 0.5), 1).padStart(8)} ${fmt(quantile(t, 0.99), 1).padStart(8)}   ${ratio}`);
      row('idle', idleTimes);
      for (const r of results) {
        const t = r.during[i]!;
        row(r.phase, t, `${fmt(quantile(t, 0.99) / quantile(idleTimes, 0.99), 1)}x`);
        const p99 = quantile(t, 0.99);
        aimAtMost(`${p.label} p99 during ${r.phase}`, p99, P99_AIM_MS, 0, ' ms');
      }
    });
    const rate = (5000 * 1000) / results[1]!.ms;
    aimAtLeast('import rows/s', rate, ROWS_PER_SECOND_AIM, 0);
    console.log('');
  } finally {
    await server.stop();
  }
}
