import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @feedloom/api db:generate` writes the SQL migrations applied on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
