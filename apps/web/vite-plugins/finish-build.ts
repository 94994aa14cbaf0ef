import path from 'node:path';
import type { Plugin } from 'vite';
import { precompressDir } from './precompress.ts';
import { prerender } from './prerender.ts';

/**
 * The steps after `vite build` writes the client, in order: prerender the signed-out pages named in
 * `prerender`, then precompress everything (the prerendered pages included). One plugin, because
 * Vite runs different plugins' closeBundle hooks in parallel.
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
    async closeBundle() {
      await prerender(root, outDir, opts.prerender);
      await precompressDir(outDir);
    },
  };
}
