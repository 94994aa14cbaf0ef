// Builds the web client when apps/web/dist is missing or older than its sources, so that
// `npm install && npm start` works on a fresh clone and after a `git pull`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-plugins', 'apps/web/package.json', 'packages/shared/src'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = 0;
  for (const e of readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

/** Runs `npm run build` when apps/web/dist is missing or older than any client source. */
export function ensureClient() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (builtAt !== 0 && sourcesAt <= builtAt) return;
  console.log(builtAt === 0 ? 'Building the web client (first start)…' : 'Web client sources changed: rebuilding…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
