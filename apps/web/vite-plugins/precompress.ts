// Hand-written in place of a registry compression plugin (decision 0012): those wrap the same two
// node:zlib calls (brotli, gzip) in options we do not need.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(?:html|js|mjs|css|svg|txt|json|webmanifest|xml)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // `.vite/manifest.json` is build metadata, never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Writes `file.br` and `file.gz` when they are smaller than `file`; the server sends them as they are. */
export async function precompressFile(file: string): Promise<void> {
  const plain = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    gz(plain, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([br.length < plain.length && writeFile(`${file}.br`, br), gzipped.length < plain.length && writeFile(`${file}.gz`, gzipped)]);
}

/**
 * Gives every text file of the build output (index.html, the hashed assets, robots.txt and the other
 * public files, prerendered pages) a brotli (quality 11) and a gzip (level 9) twin, so the server
 * compresses nothing per request (decision 0012). Our own few lines on node:zlib rather than a
 * package: the registry's plugins add options we do not need (archives, filters) around the same two
 * zlib calls, and this one must run after the prerender (vite-plugins/finish-build.ts).
 */
export async function precompressDir(dir: string): Promise<void> {
  const files: string[] = [];
  for await (const file of walk(dir)) files.push(file);
  await Promise.all(files.map(precompressFile));
}
