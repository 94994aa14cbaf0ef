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
    console.log(`ratio /login ÷ bare: ${fmt(login.gzip / base.gzip, 2)}\n`);
    aimAtMost('login JS/bare React', login.gzip / base.gzip, 1.5, 2);
  } finally {
    bare.close();
    await server.stop();
  }
}
