import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The first test of a file transforms the lazy routes it renders; on the shared 2-core machines that
    // alone can pass vitest's 5 s default under load (it did, for tests that take ~1 s when idle).
    testTimeout: 15_000,
  },
});
