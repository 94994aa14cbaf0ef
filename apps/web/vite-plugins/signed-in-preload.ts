import type { Plugin } from 'vite';

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; moduleIds: string[] };

/**
 * Names the signed-in frame's chunks (the module `frame` matches, and what it imports that the entry
 * does not) on the head's `theme-init.js` tag as `data-signed-in-preload`. That script, which runs
 * before the first paint anyway, preloads them when a session is stored, so a signed-in first load
 * fetches them alongside the entry instead of after it has run; a signed-out visit fetches nothing more.
 * `forbidden` names modules those chunks (and the entry's) must not hold; the build fails if they do.
 */
export function signedInPreload(opts: { frame: RegExp; forbidden?: { modules: RegExp; why: string } }): Plugin {
  return {
    name: 'crs:signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = new Map<string, Chunk>();
        for (const c of Object.values(ctx.bundle)) if (c.type === 'chunk') chunks.set(c.fileName, c as Chunk);
        const all = [...chunks.values()];
        const entry = all.find((c) => c.isEntry);
        const frame = all.find((c) => c.moduleIds.some((id) => opts.frame.test(id)));
        if (!entry || !frame) throw new Error('signed-in-preload: no entry chunk or no chunk holding the signed-in frame');
        const withImports = (start: Chunk) => {
          const seen = new Set<string>();
          const visit = (name: string) => {
            if (seen.has(name)) return;
            seen.add(name);
            for (const i of chunks.get(name)?.imports ?? []) visit(i);
          };
          visit(start.fileName);
          return seen;
        };
        const loaded = withImports(entry);
        const frameFiles = [...withImports(frame)].filter((f) => !loaded.has(f));
        // What every signed-in first load fetches and runs must stay small: a build that pulls a
        // forbidden module into it fails here, naming the module, rather than in a benchmark.
        const forbidden = opts.forbidden;
        const offender = forbidden && [...loaded, ...frameFiles].flatMap((f) => chunks.get(f)?.moduleIds ?? []).find((id) => forbidden.modules.test(id));
        if (offender) throw new Error(`signed-in-preload: the signed-in frame's chunks hold ${offender}: ${forbidden.why}`);
        const files = frameFiles.map((f) => `/${f}`);
        const tag = '<script src="/theme-init.js"></script>';
        if (!html.includes(tag)) throw new Error(`signed-in-preload: ${tag} not found in index.html`);
        return html.replace(tag, `<script src="/theme-init.js" data-signed-in-preload="${files.join(' ')}"></script>`);
      },
    },
  };
}
