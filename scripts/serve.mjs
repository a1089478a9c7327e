// npm run serve: start the built server as it is, with no install and no build (npm run build did
// them; the Docker image and the systemd unit use this). Refuses with one line when the build is
// missing. SIGTERM drains: SHUTDOWN_DRAIN_MS defaults to 3 s here so that a proxy notices first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/project.mjs';

const server = join(root, 'server', 'dist', 'server.js');
const client = join(root, 'client', 'dist', 'index.html');
for (const file of [server, client]) {
  if (!existsSync(file)) {
    console.error(`GOGO Board cannot serve: ${file} is missing. Run npm run build first.`);
    process.exit(1);
  }
}
process.env.NODE_ENV ??= 'production';
process.env.SHUTDOWN_DRAIN_MS ??= '3000';
await import(pathToFileURL(server).href);
