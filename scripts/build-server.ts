// `npm run build:server` (part of `npm run build`): the server and its command line as two ES
// modules under apps/server/dist, run by plain `node` — what the systemd units start (deploy/) and
// what the cluster test runs — so production needs no TypeScript loader: a process starts in ~2/3
// of tsx's time and holds no compiler (decision 0054). `npm start` and the browser tests keep
// running the sources through tsx; the server tests that start processes bundle them per run.
//
// Every package stays an import from node_modules (Node finds them from apps/server/dist); the
// workspace's own sources are bundled. Sources find files next to themselves (migrations, seed
// files, the import worker) through `import.meta`: each module's own `import.meta.dirname` and
// `url` are written into it as strings, so a bundle belongs to the checkout it was built in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');

const ownPaths: Plugin = {
  name: 'own-paths',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@crs/') ? undefined : { path: args.path, external: true }));
    b.onLoad({ filter: /\.(ts|mts|mjs)$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: text, loader: args.path.endsWith('.mjs') ? 'js' : 'ts' };
    });
  },
};

/** Bundles apps/server/src/{server,cli}.ts into `outdir` as server.mjs and cli.mjs; returns their paths. */
export async function bundleServer(outdir = SERVER_DIST): Promise<{ server: string; cli: string }> {
  const entries = { server: 'apps/server/src/server.ts', cli: 'apps/server/src/cli.ts' };
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(ROOT, file)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [ownPaths],
    logLevel: 'error',
  });
  return { server: path.join(outdir, 'server.mjs'), cli: path.join(outdir, 'cli.mjs') };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await bundleServer();
  console.log(`server bundled: ${path.relative(ROOT, out.server)}, ${path.relative(ROOT, out.cli)}`);
}
