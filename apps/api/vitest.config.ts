import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite is WebAssembly with a large heap: separate processes keep files isolated and memory returned.
    pool: 'forks',
    // Two files at a time: most of a test waits on a database (PostgreSQL is another process), so two workers on
    // two cores finish the suite in about two thirds of the time one does.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
