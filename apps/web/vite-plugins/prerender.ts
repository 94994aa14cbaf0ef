// Hand-written in place of a prerender plugin (decision 0012): React's renderToString of the real
// route tree through Vite's own SSR loader, for the one signed-out page that needs it (/login), and
// its entry handed to public/boot.js so scripts start after the first paint; a plugin adds neither.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer } from 'vite';

const ROOT_DIV = '<div id="root"></div>';
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/;
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page paints from HTML and CSS, so its scripts need not delay that paint: the stylesheet comes
 * first, and the entry script with its preloads is started by public/boot.js once a frame has been
 * painted (instead of being fetched alongside the stylesheet).
 */
function paintFirst(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) throw new Error('prerender: no module entry script in index.html');
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const css = STYLESHEET.exec(html)?.[0] ?? '';
  const boot = `\n    <script src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" defer></script>`;
  return html.replace(css, '').replace(entry[0], '').replace(PRELOAD, '').replace('</head>', `${css}${boot}\n  </head>`);
}

/**
 * Writes `<outDir>/<name>.html` for each path (`/login` → `login.html`): the built index.html with
 * the page's markup, rendered by React on the server, inside `#root`. The server sends it for that
 * path, so the browser paints the page from the HTML and CSS alone; main.tsx loads the page's
 * modules and replaces the markup with the live page. `inert` keeps the markup from being used
 * (typed into, or submitted as a plain GET form) in the moment before that.
 */
export async function prerender(root: string, outDir: string, paths: readonly string[]): Promise<void> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_DIV)) throw new Error(`prerender: ${ROOT_DIV} not found in index.html`);
  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  });
  try {
    const { render } = (await server.ssrLoadModule('/src/prerender.tsx')) as { render: (p: string) => Promise<string> };
    for (const p of paths) {
      const html = await render(p);
      if (!html.includes('<')) throw new Error(`prerender: ${p} rendered nothing`);
      const name = p.replace(/^\//, '').replace(/\//g, '-');
      await writeFile(path.join(outDir, `${name}.html`), paintFirst(template.replace(ROOT_DIV, `<div id="root" inert>${html}</div>`)));
    }
  } finally {
    await server.close();
  }
}
