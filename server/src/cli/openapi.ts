import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../settings/index.js';
import { openDatabase } from '../db/client.js';

// Writes the OpenAPI document of the endpoint table to the file named by the first argument (or
// prints it): an app is built on a throwaway SQLite database and asked for its document, so the file
// is exactly what /api/docs serves. npm test lints it with Spectral (scripts/api-lint.mjs).
async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', JWT_SECRET: 'o'.repeat(48), LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: openDatabase(config.databaseFile) });
    await app.ready();
    const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    const out = process.argv[2];
    if (out) writeFileSync(out, document);
    else process.stdout.write(document);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
