// npm run build: install what is missing, then build assets, client and server.
import { buildIfChanged, ensureDependencies } from './lib/project.mjs';

await ensureDependencies();
buildIfChanged({ force: process.argv.includes('--force') });
