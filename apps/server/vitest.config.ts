import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // One module graph per worker, shared by the files it runs: each file otherwise imports the whole
    // app again (~2 CPU-s a file, twice per CI run). A file's state lives in the app and database
    // it builds (test/helper.ts); module state is keyed by context or only counts, and test/setup.ts
    // installs its console guard once per worker (decision 0034).
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
