import { defineConfig } from 'drizzle-kit';

// Migrations are generated against PGlite so that no server is needed to write them;
// they are plain PostgreSQL and apply to PostgreSQL 15+ and to PGlite alike.
export default defineConfig({
  dialect: 'postgresql',
  driver: 'pglite',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
  dbCredentials: { url: './.drizzle-kit-pglite' },
});
