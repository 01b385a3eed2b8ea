import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite is WebAssembly with a large heap: separate processes keep files isolated and memory returned.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
