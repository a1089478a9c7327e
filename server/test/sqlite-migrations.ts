import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrationsDir } from '../src/paths.js';

/**
 * An in-memory SQLite database for testing one migration on rows written before it: `before()`
 * applies the migrations whose file names sort before `tag` (e.g. '0019'), `rest()` the others,
 * statement by statement as drizzle splits them.
 */
export function migrationsAround(tag: string) {
  const db = new BetterSqlite3(':memory:');
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const apply = (file: string) => {
    for (const part of readFileSync(join(migrationsDir, file), 'utf8').split('--> statement-breakpoint')) {
      if (part.trim() !== '') db.exec(part);
    }
  };
  return {
    db,
    before: () => files.filter((f) => f < tag).forEach(apply),
    rest: () => files.filter((f) => f >= tag).forEach(apply),
  };
}
