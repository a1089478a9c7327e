import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server runs from source (tests, `npm run dev`) and from a bundle in server/dist. Both find
 * their folders by walking up to the server package's own package.json instead of a fixed depth.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'drizzle'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the server package root (a folder with package.json and drizzle/).');
}

export const serverRoot = findServerRoot();
export const repoRoot = resolve(serverRoot, '..');
export const migrationsDir = join(serverRoot, 'drizzle');
/** PostgreSQL migrations, generated from db/schema/postgres.ts by drizzle-kit (server/drizzle-pg.config.ts). */
export const pgMigrationsDir = join(serverRoot, 'drizzle-pg');
export const clientDistDir = join(repoRoot, 'client', 'dist');
