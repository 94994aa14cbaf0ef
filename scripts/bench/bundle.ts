import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { aimAtMost } from './aims.ts';
import { fmt, root, startServer } from './server.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Gzip bytes of every script a page fetches until the network is idle (what it runs before it is interactive). */
async function scriptBytes(url: string): Promise<{ files: number; raw: number; gzip: number }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const all = await Promise.all(bodies);
    return { files: all.length, raw: all.reduce((a, b) => a + b.length, 0), gzip: all.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0) };
  } finally {
    await browser.close();
  }
}

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };

/**
 * What each page fetches of its own (from the build's manifest): the files and gzip bytes of its
 * static imports beyond the entry, the signed-in frame (`app`) and `login`. A page is a lazily loaded
 * route module, or a dashboard's chunk (`dashboard-<role>`, where the page module went). Chunk
 * groups trade one page's round trips for other pages' bytes (decision 0012): both show here.
 */
function pageScripts(dist: string): { pages: number; files: number; gzip: number; student: { files: number; gzip: number } } {
  const m = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gzip = new Map<string, number>();
  const sizeOf = (file: string) => gzip.get(file) ?? gzip.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length).get(file)!;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (!m[key] || seen.has(key)) return seen;
    seen.add(key);
    for (const i of m[key].imports ?? []) closure(i, seen);
    return seen;
  };
  const common = new Set<string>();
  for (const [key, c] of Object.entries(m)) if (c.isEntry || c.name === 'app' || c.name === 'login') closure(key, common);
  const own = (key: string) => [...closure(key)].filter((k) => !common.has(k));
  const pages = Object.keys(m).filter((k) => (m[k]!.isDynamicEntry && m[k]!.src?.startsWith('src/app/routes/')) || (!m[k]!.src && /^dashboard-[a-z]+$/.test(m[k]!.name ?? '')));
  const figures = pages.map((k) => own(k)).map((files) => ({ files: files.length, gzip: files.reduce((a, f) => a + sizeOf(m[f]!.file), 0) }));
  const student = pages.find((k) => m[k]!.name === 'dashboard-student' || m[k]!.src?.endsWith('dashboards/student.tsx'));
  const mine = student ? own(student) : [];
  return {
    pages: pages.length,
    files: figures.reduce((a, f) => a + f.files, 0) / pages.length,
    gzip: figures.reduce((a, f) => a + f.gzip, 0) / pages.length,
    student: { files: mine.length, gzip: mine.reduce((a, f) => a + sizeOf(m[f]!.file), 0) },
  };
}

/** A minimal static server for the bare page's build output. */
function serveDir(dir: string): Promise<{ url: string; close(): void }> {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const rel = decodeURIComponent((req.url ?? '/').split('?')[0]!);
      const file = path.join(dir, rel === '/' ? 'index.html' : rel);
      if (!file.startsWith(dir) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
      res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/**
 * First-load JS of /login (gzip) against a bare React + ReactDOM page built with the same Vite
 * config (`vite build --mode bare` → apps/web/bench/dist). Aim: ≤ 1.5× (issue 9; 2.0× in issue 3).
 */
export async function bundleBench(): Promise<void> {
  console.log('## Client: JS loaded by /login before it is interactive (gzip)');
  if (!existsSync('/usr/bin/chromium')) {
    console.log('Chromium is not installed (apt-get install -y chromium): skipped.\n');
    return;
  }
  for (const [cmd, args, cwd] of [
    ['npm', ['run', 'build'], root],
    ['npx', ['vite', 'build', '--mode', 'bare'], path.join(root, 'apps/web')],
  ] as const) {
    const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
  const server = await startServer();
  const bare = await serveDir(path.join(root, 'apps/web/bench/dist'));
  try {
    const login = await scriptBytes(`${server.url}/login`);
    const base = await scriptBytes(`${bare.url}/bare.html`);
    console.log('page                files   raw KiB  gzip KiB');
    console.log(`bare React page     ${String(base.files).padStart(5)}  ${fmt(base.raw / 1024, 1).padStart(8)}  ${fmt(base.gzip / 1024, 1).padStart(8)}`);
    console.log(`/login              ${String(login.files).padStart(5)}  ${fmt(login.raw / 1024, 1).padStart(8)}  ${fmt(login.gzip / 1024, 1).padStart(8)}`);
    console.log(`ratio /login ÷ bare: ${fmt(login.gzip / base.gzip, 2)}`);
    aimAtMost('login JS/bare React', login.gzip / base.gzip, 1.5, 2);
    const own = pageScripts(path.join(root, 'apps/web/dist'));
    console.log(`pages' own scripts beyond the entry, app and login (${own.pages} pages): mean ${fmt(own.files, 1)} files, ${fmt(own.gzip / 1024, 1)} KiB gzip; the student dashboard ${own.student.files} files, ${fmt(own.student.gzip / 1024, 1)} KiB\n`);
  } finally {
    bare.close();
    await server.stop();
  }
}
