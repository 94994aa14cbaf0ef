// Issue 29 aim: a 20 MiB file through the PostgreSQL file store — upload and download each ≤ 2 ×
// the disk store, the server's memory rise ≤ 64 MiB. Two servers on one PostgreSQL database, one
// per store, taking turns at the same uploads (POST /docs) and downloads (GET /files/{id}).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { aimAtMost } from './aims.ts';
import { cpuMs, fmt, freshPgDatabase, login, startServer } from './server.ts';
import type { RunningServer } from './server.ts';

const MiB = 1024 * 1024;
const ROUNDS = 5;
/** Downloads of each upload: a download is short, so one burst of other work on the cores moves a median of few. */
const DOWNLOADS_PER_UPLOAD = 3;

/** The process's resident memory in bytes (Linux /proc), or 0 elsewhere. */
function rss(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type StoreRun = { upload: number; download: number; downloadCpu: number; rssRise: number };

/** One server under test: how to upload to and download from it, and what it measured. */
type Subject = {
  server: RunningServer;
  upload(): Promise<string>;
  download(id: string): Promise<void>;
  ups: number[];
  downs: number[];
  downCpus: number[];
  base: number;
  peak: number;
};

async function subject(server: RunningServer, file: Buffer): Promise<Subject> {
  const auth = { authorization: `Bearer ${await login(server.url, 'admin@demo.crs')}` };
  return {
    server,
    ups: [],
    downs: [],
    downCpus: [],
    base: 0,
    peak: 0,
    async upload() {
      const form = new FormData();
      form.set('title', 'Academic regulations 2026 (scanned)');
      form.set('type', 'circular');
      form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'academic-regulations-2026.pdf');
      const res = await fetch(`${server.url}/api/v1/docs`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { doc: { file: { _id: string } } }).doc.file._id;
    },
    async download(id: string) {
      const res = await fetch(`${server.url}/api/v1/files/${id}`, { headers: auth });
      if (!res.ok || !res.body) throw new Error(`download: ${res.status}`);
      let n = 0;
      const reader = res.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) n += part.value.length;
      if (n !== file.length) throw new Error(`download: ${n} bytes of ${file.length}`);
    },
  };
}

/**
 * Uploads the 20 MiB file ROUNDS times to each server, then downloads each upload
 * DOWNLOADS_PER_UPLOAD times, the servers taking turns (disk, postgres, disk, …) so that the other
 * work on shared cores weighs on both alike; medians of each, the server's CPU time per download,
 * and the most each server's RSS rose.
 */
async function measure(subjects: Subject[]): Promise<StoreRun[]> {
  // One round to warm up (JIT, the connection pool), then memory's baseline.
  for (const s of subjects) await s.download(await s.upload());
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  for (const s of subjects) s.base = s.peak = rss(s.server.pid);
  const sampler = setInterval(() => {
    for (const s of subjects) s.peak = Math.max(s.peak, rss(s.server.pid));
  }, 10);
  try {
    const ids = new Map<Subject, string[]>(subjects.map((s) => [s, []]));
    for (let i = 0; i < ROUNDS; i++) {
      for (const s of subjects) {
        const t = performance.now();
        ids.get(s)!.push(await s.upload());
        s.ups.push(performance.now() - t);
      }
    }
    // The downloads after all the uploads: what an upload leaves to do (the collector, the database's
    // and the disk's write-back) would otherwise fall into the download after it.
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < ROUNDS * DOWNLOADS_PER_UPLOAD; i++) {
      for (const s of subjects) {
        const cpu = cpuMs(s.server.pid) ?? 0;
        const t = performance.now();
        await s.download(ids.get(s)![i % ROUNDS]!);
        s.downs.push(performance.now() - t);
        s.downCpus.push((cpuMs(s.server.pid) ?? 0) - cpu);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return subjects.map((s) => ({ upload: median(s.ups), download: median(s.downs), downloadCpu: median(s.downCpus), rssRise: Math.max(0, s.peak - s.base) }));
}

export async function filesBench(opts: { pgUrl: string | undefined }): Promise<void> {
  const adminUrl = opts.pgUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`## Files: a 20 MiB PDF through the disk store and the PostgreSQL store (PostgreSQL database, ${ROUNDS} uploads and ${ROUNDS * DOWNLOADS_PER_UPLOAD} downloads each, taking turns, medians)`);
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20 * MiB - 9)]);
  const db = await freshPgDatabase(adminUrl);
  try {
    // One after the other: the first start migrates and seeds the database the second then finds ready.
    const servers: RunningServer[] = [];
    let disk: StoreRun;
    let pg: StoreRun;
    try {
      for (const store of ['disk', 'postgres'] as const) servers.push(await startServer({ DATABASE_URL: db.url, CRS_FILE_STORE: store }));
      [disk, pg] = (await measure(await Promise.all(servers.map((s) => subject(s, file))))) as [StoreRun, StoreRun];
    } finally {
      for (const server of servers) await server.stop();
    }
    console.log('store        upload ms  download ms  download server CPU ms  RSS rise MiB');
    for (const [label, r] of [['disk', disk], ['postgres', pg]] as const) {
      console.log(`${label.padEnd(10)} ${fmt(r.upload, 0).padStart(11)}  ${fmt(r.download, 0).padStart(11)}  ${fmt(r.downloadCpu, 0).padStart(22)}  ${fmt(r.rssRise / MiB, 1).padStart(12)}`);
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
