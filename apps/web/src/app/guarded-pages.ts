import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

/**
 * The signed-in pages' modules, each its own lazy chunk. The bundler writes next to each import the
 * files its chunk needs (so they load in parallel): for ~60 pages and ~150 files, 3 KiB gzip. This
 * list rides in the signed-in frame's chunk (vite.config's `app` group), which every signed-in page
 * loads anyway, not in the entry that the sign-in page loads too (decision 0012). A signed-in first
 * load preloads that chunk from the head; on a signed-out page it is fetched at the first click or key
 * press (route-table.tsx `prefetchSignedInPagesOnIntent`), so a sign-in's first page does not wait
 * for it before its own chunks.
 */
export const guardedPageModules = import.meta.glob<PageModule>(['./routes/app/**/*.tsx', '!./routes/app/**/*.test.tsx']);
