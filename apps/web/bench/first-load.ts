// Measures the login page's first-load JavaScript (gzip) against the bare React page, both built by
// vite.config.ts: `vite build` → dist/, `vite build --mode bare` → bench/dist/.
//
//   node --import tsx apps/web/bench/first-load.ts        (after both builds; prints JSON)
//
// "First load" of /login = the entry chunk and its static imports, plus the /login route chunk and its
// static imports (what the browser fetches before the form is usable). Chunks fetched later on
// interaction (the zod validation code, axios) are listed separately under `onSubmit`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

function gzipBytes(outDir: string, manifest: Manifest, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) total += gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
  }
  return total;
}

export function measureFirstLoad() {
  const appDir = path.join(webDir, 'dist');
  const bareDir = path.join(webDir, 'bench', 'dist');
  const app = readManifest(appDir);
  const bare = readManifest(bareDir);

  const loginKey = Object.keys(app).find((k) => k.endsWith('src/app/routes/auth/login.tsx'));
  if (!loginKey) throw new Error('The login route chunk is missing from dist/.vite/manifest.json');
  const firstLoad = closure(app, ['index.html', loginKey]);
  const loginBytes = gzipBytes(appDir, app, firstLoad);

  const onSubmitKeys = Object.keys(app).filter((k) => /src\/(features\/auth\/resolvers\.ts|lib\/auth-api\.ts)$/.test(k));
  const onSubmit = [...closure(app, onSubmitKeys)].filter((k) => !firstLoad.has(k));

  const bareEntry = Object.keys(bare).find((k) => bare[k]?.isEntry);
  if (!bareEntry) throw new Error('The bare page is missing from bench/dist/.vite/manifest.json');
  const bareBytes = gzipBytes(bareDir, bare, closure(bare, [bareEntry]));

  return {
    loginFirstLoadGzipBytes: loginBytes,
    bareReactGzipBytes: bareBytes,
    ratio: Number((loginBytes / bareBytes).toFixed(3)),
    loginChunks: [...firstLoad].map((k) => app[k]?.file).filter((f) => f?.endsWith('.js')),
    onSubmitGzipBytes: gzipBytes(appDir, app, onSubmit),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(measureFirstLoad(), null, 2)}\n`);
}
