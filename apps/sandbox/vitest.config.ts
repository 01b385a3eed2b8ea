import { defineConfig } from 'vitest/config';

// Real SMTP and HTTP servers on loopback: under a loaded CI machine a round trip can take seconds.
export default defineConfig({
  test: { testTimeout: 20_000, hookTimeout: 30_000 },
});
