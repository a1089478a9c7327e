import { defineConfig } from 'drizzle-kit';

// The PostgreSQL migrations, generated from the PostgreSQL tables built from the same description as
// drizzle.config.ts, committed, and applied at start when DATABASE_URL names a PostgreSQL database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/postgres.ts',
  out: './server/drizzle-pg',
});
