import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { finishBuild } from './vite-plugins/finish-build.ts';
import { signedInPreload } from './vite-plugins/signed-in-preload.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One config for the real client and for the bare React page the size benchmark compares it with:
 * `vite build` → dist/ (the portal); `vite build --mode bare` → bench/dist/ (React + ReactDOM rendering a div).
 * Both builds share plugins, minifier and target, so their first-load JS is comparable.
 */
/** Where the dev and preview servers send /api (the server's default port; CRS_API_TARGET overrides). */
const apiTarget = process.env.CRS_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Fewer, larger chunks for a first load over HTTP/1.1 (decision 0012): `boot` puts everything the
 * entry loads statically into the entry's file (one file instead of eleven); `login` is the sign-in page with the form parts
 * it shares with others; `app` is the signed-in frame (layout, query cache, API client, icons), which
 * every guarded page needs at once, with the page building blocks below; the pages' icons in one
 * file and the dashboards' modules by dashboard (the page a sign-in lands on). Other pages stay their
 * own chunks. A module goes to the first group (by priority) that claims it or a module depending on
 * it, so the login group keeps the frame out of /login.
 */
const SIGNED_IN_FRAME = /src[\\/]app[\\/]routes[\\/]app[\\/]layout\.tsx$/;
/**
 * The small building blocks most signed-in pages use (page header, badge, stat card, data table,
 * the loading / error / empty display, dates, error details): in `app` with the frame, so a page's first load fetches them with the frame
 * (preloaded from the head) instead of as five or six ~1 KB chunks after the entry has run, each a
 * round trip over HTTP/1.1's six connections (the student dashboard's LCP: 2.7 → 2.5 s in Lighthouse).
 */
const PAGE_BUILDING_BLOCKS = /src[\\/](components[\\/]ui[\\/]menu-opener\.ts|components[\\/](layout[\\/]page|ui[\\/](badge|stat-card|data-table|pager|skeleton|query-state))\.tsx|lib[\\/](format-date|error-details|errors|forms)\.ts|hooks[\\/](use-scroll-focus|use-failure-toast)\.ts)$/;
/**
 * Never in the entry or the signed-in frame: zod and the shared schemas (with every module's
 * messages). The frame's bell once read a label from schemas/notifications.ts and so made zod's
 * schema building (~60 ms on a phone's CPU before the dashboard could paint) and 128 KB of script
 * part of every signed-in first load; zod-free values live in packages/shared/src/constants.
 */
const FRAME_FORBIDDEN = {
  modules: /[\\/]node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](schemas[\\/]|messages\.ts$)/,
  why: 'import zod-free values from @crs/shared/constants or a module\'s messages (decision 0012)',
};
/** What a chunk-group name function may read of the module graph (rolldown's ChunkingContext). */
type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null };
const DASHBOARD_PAGE = /src[\\/]app[\\/]routes[\\/]app[\\/]dashboards[\\/]([a-z]+)\.tsx$/;
const SIGNED_IN_PAGE = /src[\\/]app[\\/]routes[\\/]app[\\/]/;

/**
 * The lazily loaded modules (pages, and what a page loads on demand) whose static imports reach
 * `id`, each once; null when the entry reaches it.
 */
function lazyRootsOf(id: string, ctx: ModuleGraph): string[] | null {
  const roots: string[] = [];
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const m = stack.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    const info = ctx.getModuleInfo(m);
    if (!info || info.isEntry) return null;
    if (info.dynamicImporters.length > 0) roots.push(m);
    else if (info.importers.length === 0) return null;
    else stack.push(...info.importers);
  }
  return roots;
}

/**
 * Where a module the dashboards use goes: `dashboard-student` for whatever the student dashboard
 * needs that only signed-in pages use (most sign-ins land there, so the other student pages find it
 * cached); `dashboard-<roles>` for what only those dashboards use; null (rolldown's own chunking)
 * for the rest, so no signed-out page loads a dashboard's chunk.
 */
function dashboardChunk(id: string, ctx: ModuleGraph): string | null {
  const roots = lazyRootsOf(id, ctx);
  if (!roots || roots.length === 0 || roots.some((r) => !SIGNED_IN_PAGE.test(r))) return null;
  const dashboards = roots.flatMap((r) => DASHBOARD_PAGE.exec(r)?.[1] ?? []);
  if (dashboards.includes('student')) return 'dashboard-student';
  return dashboards.length === roots.length ? `dashboard-${dashboards.sort().join('-')}` : null;
}

const CHUNK_GROUPS = [
  { name: 'boot', tags: ['$initial' as const], priority: 3 },
  { name: 'login', test: /src[\\/]app[\\/]routes[\\/]auth[\\/]login\.tsx$/, priority: 2 },
  { name: 'app', test: (id: string) => SIGNED_IN_FRAME.test(id) || PAGE_BUILDING_BLOCKS.test(id), priority: 1 },
  // The dialogs (Radix Dialog and AlertDialog with their focus scope and scroll lock) of the pages
  // that have one and of the frame's logout, which loads it on first use: one chunk, not five small ones.
  { name: 'dialogs', test: /src[\\/]components[\\/]ui[\\/](dialog|confirm-dialog)\.tsx$/, priority: 0 },
  // chart.js and the palette, shared by the lazily loaded charts (attendance, marks): one chunk named for what it is.
  { name: 'charts', test: /[\\/]node_modules[\\/](chart\.js|react-chartjs-2|@kurkle[\\/]color)[\\/]|src[\\/]components[\\/]charts[\\/]chart-palette\.ts$/, priority: 0 },
  // The pages' icons (those the entry, the frame and /login do not carry): 4 KiB gzip in one file,
  // where each page fetched two to seven files of ~0.2 KiB and a round trip each.
  { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 0 },
  // The dashboards' modules (dashboardChunk): the student dashboard's first load went from 31 files
  // to 12. Each module is placed by its own graph, so its dependencies are not pulled in after it.
  { name: dashboardChunk, debugName: 'dashboards', priority: 0, includeDependenciesRecursively: false },
];

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, #14102):
 * a production bundle carries its dev-only warnings and their texts (ENABLE_DEV_WARNINGS) and logs
 * them in users' consoles. A build takes the production build it ships beside it instead.
 */
const REACT_ROUTER_PRODUCTION = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ mode, command }) => {
  const bare = mode === 'bare';
  return {
    root: bare ? here('./bench') : here('.'),
    // /login is prerendered (its first paint needs no script), then every file gets .br/.gz twins;
    // the bare page is measured from its plain files, so it gets neither.
    plugins: bare ? [react(), tailwindcss()] : [react(), tailwindcss(), signedInPreload({ frame: SIGNED_IN_FRAME, forbidden: FRAME_FORBIDDEN }), finishBuild({ prerender: ['/login'] })],
    resolve: { alias: [{ find: '@', replacement: here('./src') }, ...(command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [])] },
    server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
    preview: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      // Every browser of the es2022 target but Safari 15.4–16 knows modulepreload; there the preloads
      // are skipped, not broken. The polyfill was 0.5 KiB gzip of /login's script (decision 0012).
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: bare ? here('./bench/bare.html') : here('./index.html'),
        // Seven hash characters, not eight: each chunk's name is in the entry twice (its lazy import and
        // the preload list). Rolldown refuses a length too short for the number of chunks, by name.
        output: bare ? {} : { codeSplitting: { groups: CHUNK_GROUPS }, chunkFileNames: 'assets/[name]-[hash:7].js', entryFileNames: 'assets/[name]-[hash:7].js' },
      },
    },
  };
});
