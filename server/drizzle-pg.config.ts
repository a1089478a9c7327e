import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts: migrations generated from db/schema-pg, committed, and
// applied at start when DATABASE_URL names a PostgreSQL database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema-pg/index.ts',
  out: './server/drizzle-pg',
});
