// npm run db:migrate [-- --check]: the built migration tool (npm run build first, or npm start once).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/project.mjs';

const tool = join(root, 'server', 'dist', 'db-migrate.js');
if (!existsSync(tool)) {
  console.error(`db:migrate: ${tool} is missing. Run npm run build first.`);
  process.exit(1);
}
const res = spawnSync(process.execPath, [tool, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
