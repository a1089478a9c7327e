// npm run build: install what is missing, then build assets, client and server. `--no-install` skips
// the install (npm test builds while the native modules compile; the build needs none of them).
import { buildIfChanged, ensureDependencies } from './lib/project.mjs';

if (!process.argv.includes('--no-install')) await ensureDependencies();
buildIfChanged({ force: process.argv.includes('--force') });
