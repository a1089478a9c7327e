// npm start: install what is missing, build what changed, then serve in THIS process (one Node
// process serves the client and the API; migrations run as the server opens the database).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfChanged, ensureDependencies, log, root } from './lib/project.mjs';

const started = Date.now();
try {
  await ensureDependencies();
  buildIfChanged();
} catch (err) {
  console.error(/** @type {Error} */ (err).message);
  process.exit(/** @type {any} */ (err).exitCode ?? 1);
}
process.env.NODE_ENV ??= 'production';
log(`Ready to serve after ${((Date.now() - started) / 1000).toFixed(1)} s of checks; starting the server…`);
await import(pathToFileURL(join(root, 'server', 'dist', 'server.js')).href);
