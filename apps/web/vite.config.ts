import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { finishBuild } from './vite-plugins/finish-build.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One config for the real client and for the bare React page the size benchmark compares it with:
 * `vite build` → dist/ (the portal); `vite build --mode bare` → bench/dist/ (React + ReactDOM rendering a div).
 * Both builds share plugins, minifier and target, so their first-load JS is comparable.
 */
/** Where the dev and preview servers send /api (the server's default port; CRS_API_TARGET overrides). */
const apiTarget = process.env.CRS_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ mode }) => {
  const bare = mode === 'bare';
  return {
    root: bare ? here('./bench') : here('.'),
    // /login is prerendered (its first paint needs no script), then every file gets .br/.gz twins;
    // the bare page is measured from its plain files, so it gets neither.
    plugins: bare ? [react(), tailwindcss()] : [react(), tailwindcss(), finishBuild({ prerender: ['/login'] })],
    resolve: { alias: { '@': here('./src') } },
    server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
    preview: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      rolldownOptions: { input: bare ? here('./bench/bare.html') : here('./index.html') },
    },
  };
});
