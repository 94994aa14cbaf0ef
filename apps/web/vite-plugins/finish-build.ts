import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { minify, type Plugin } from 'vite';
import { precompressDir } from './precompress.ts';
import { prerender } from './prerender.ts';

/**
 * The public folder's scripts (boot.js, theme-init.js: every page's head runs them) are copied as
 * written, comments and all; the same minifier as the bundle's halves what /login fetches of them.
 */
async function minifyPublicScripts(publicDir: string, outDir: string): Promise<void> {
  const names = (await readdir(publicDir)).filter((name) => name.endsWith('.js'));
  for (const name of names) {
    const file = path.join(outDir, name);
    const { code, errors } = await minify(name, await readFile(file, 'utf8'), { compress: true, mangle: true });
    if (errors.length > 0) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
    await writeFile(file, code);
  }
}

/**
 * The steps after `vite build` writes the client, in order: minify the public folder's scripts,
 * prerender the signed-out pages named in `prerender`, then precompress everything (the prerendered
 * pages included). One plugin, because Vite runs different plugins' writeBundle hooks in parallel.
 */
export function finishBuild(opts: { prerender: readonly string[] }): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  return {
    name: 'crs:finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    // Once the files are written, and only for a build that succeeded (the bundle is closed after
    // a failed one too, and finishing it then hid the build's own error behind a missing index.html).
    async writeBundle() {
      if (publicDir) await minifyPublicScripts(publicDir, outDir);
      await prerender(root, outDir, opts.prerender);
      await precompressDir(outDir);
    },
  };
}
