import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The API tests wait
    // on PostgreSQL and HTTP much of the time, so two workers there took 232 s instead of 325 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        define: { __BUILD_ID__: JSON.stringify('test-build') },
        test: {
          name: 'unit',
          // Component tests render whole screens in jsdom; on a busy machine 5 s is too tight.
          testTimeout: 15_000,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/api/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts', 'apps/idp/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files share a worker's module cache instead of importing the whole API again each
          // (73 files: 571 -> 315 s on a 2-core machine, of which 191 -> 12 s importing). Each file
          // starts its own servers; module-level state is shared, so the suite was also run with the
          // files in shuffled order (--sequence.shuffle.files) to check none depends on another's.
          isolate: false,
        },
      },
    ],
  },
});
