import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and committed; the server applies them at start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/src/db/schema/index.ts',
  out: './server/drizzle',
});
