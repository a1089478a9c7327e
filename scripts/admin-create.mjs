// npm run admin:create -- --username NAME --password PASS
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildIfChanged, ensureDependencies, root } from './lib/project.mjs';

await ensureDependencies();
buildIfChanged();
const res = spawnSync(process.execPath, [join(root, 'server', 'dist', 'admin-create.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
