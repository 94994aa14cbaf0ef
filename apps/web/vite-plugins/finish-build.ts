import path from 'node:path';
import type { Plugin } from 'vite';
import { precompressDir } from './precompress.ts';
import { prerender } from './prerender.ts';

/**
 * The steps after `vite build` writes the client, in order: prerender the signed-out pages named in
 * `prerender`, then precompress everything (the prerendered pages included). One plugin, because
 * Vite runs different plugins' writeBundle hooks in parallel.
 */
export function finishBuild(opts: { prerender: readonly string[] }): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'crs:finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once the files are written, and only for a build that succeeded (the bundle is closed after
    // a failed one too, and finishing it then hid the build's own error behind a missing index.html).
    async writeBundle() {
      await prerender(root, outDir, opts.prerender);
      await precompressDir(outDir);
    },
  };
}
