// Issue 29 aim: a 20 MiB file through the PostgreSQL file store — upload and download each ≤ 2 ×
// the disk store, the server's memory rise ≤ 64 MiB. Two servers on one PostgreSQL database, one
// per store, each taking the same uploads (POST /docs) and downloads (GET /files/{id}).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { aimAtMost } from './aims.ts';
import { fmt, freshPgDatabase, login, startServer } from './server.ts';
import type { RunningServer } from './server.ts';

const MiB = 1024 * 1024;
const ROUNDS = 5;

/** The process's resident memory in bytes (Linux /proc), or 0 elsewhere. */
function rss(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type StoreRun = { upload: number; download: number; rssRise: number };

/** Uploads and downloads the 20 MiB file ROUNDS times; medians of each, and the most RSS rose meanwhile. */
async function measure(server: RunningServer, file: Buffer): Promise<StoreRun> {
  const auth = { authorization: `Bearer ${await login(server.url, 'admin@demo.crs')}` };
  const upload = async () => {
    const form = new FormData();
    form.set('title', 'Academic regulations 2026 (scanned)');
    form.set('type', 'circular');
    form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'academic-regulations-2026.pdf');
    const res = await fetch(`${server.url}/api/v1/docs`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { doc: { file: { _id: string } } }).doc.file._id;
  };
  const download = async (id: string) => {
    const res = await fetch(`${server.url}/api/v1/files/${id}`, { headers: auth });
    if (!res.ok || !res.body) throw new Error(`download: ${res.status}`);
    let n = 0;
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) n += part.value.length;
    if (n !== file.length) throw new Error(`download: ${n} bytes of ${file.length}`);
  };
  // One round to warm up (JIT, the connection pool), then memory's baseline.
  await download(await upload());
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const base = rss(server.pid);
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid))), 10);
  const ups: number[] = [];
  const downs: number[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      const id = await upload();
      ups.push(performance.now() - t);
      t = performance.now();
      await download(id);
      downs.push(performance.now() - t);
    }
  } finally {
    clearInterval(sampler);
  }
  return { upload: median(ups), download: median(downs), rssRise: Math.max(0, peak - base) };
}

export async function filesBench(opts: { pgUrl: string | undefined }): Promise<void> {
  const adminUrl = opts.pgUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`## Files: a 20 MiB PDF through the disk store and the PostgreSQL store (PostgreSQL database, ${ROUNDS} uploads and downloads each, medians)`);
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20 * MiB - 9)]);
  const db = await freshPgDatabase(adminUrl);
  try {
    const runs: Record<string, StoreRun> = {};
    for (const store of ['disk', 'postgres'] as const) {
      const server = await startServer({ DATABASE_URL: db.url, CRS_FILE_STORE: store });
      try {
        runs[store] = await measure(server, file);
      } finally {
        await server.stop();
      }
    }
    const disk = runs.disk!;
    const pg = runs.postgres!;
    console.log('store        upload ms  download ms  RSS rise MiB');
    for (const [label, r] of [['disk', disk], ['postgres', pg]] as const) {
      console.log(`${label.padEnd(10)} ${fmt(r.upload, 0).padStart(11)}  ${fmt(r.download, 0).padStart(11)}  ${fmt(r.rssRise / MiB, 1).padStart(12)}`);
    }
    aimAtMost('20 MiB upload, postgres / disk store', pg.upload / disk.upload, 2, 2, '×');
    aimAtMost('20 MiB download, postgres / disk store', pg.download / disk.download, 2, 2, '×');
    aimAtMost('20 MiB through the postgres store: server RSS rise', pg.rssRise / MiB, 64, 1, ' MiB');
    console.log('');
  } catch (err) {
    if (opts.pgUrl) throw err;
    console.log(`(skipped: no PostgreSQL at ${adminUrl}; set BENCH_DATABASE_URL — ${(err as Error).message})\n`);
  } finally {
    await db.drop().catch(() => undefined);
  }
}
