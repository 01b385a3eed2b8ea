import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The gateway serves dist/ and tRPC at /trpc on the same origin; in dev Vite proxies /trpc to it.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/trpc': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // @feedloom/validation is pure (ARCHITECTURE.md: no I/O), but its zod schemas are built at module
        // level, which a bundler must assume has side effects. Saying so keeps libphonenumber's metadata
        // (phone rule) out of the entry chunk until a screen that validates phones is loaded.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]validation[\\/]/, sideEffects: false }],
      },
      output: {
        // Framework code changes rarely: its own long-cached chunks, apart from the app's.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](\.pnpm[\\/])?(react|react-dom|scheduler|react-router|react-router-dom)[@\\/]/ },
            { name: 'query', test: /node_modules[\\/].*(@tanstack|@trpc)/ },
            { name: 'zod', test: /node_modules[\\/].*[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
