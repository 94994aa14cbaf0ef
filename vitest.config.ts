import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's suite; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Two workers match the machines' two cores (PGlite and jsdom are CPU-bound).
    maxWorkers: 2,
  },
});
