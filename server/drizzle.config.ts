import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the SQLite tables built from the one schema description
// (server/src/db/schema, docs/schema.md) and committed; the server applies them at start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/src/db/schema/sqlite.ts',
  out: './server/drizzle',
});
