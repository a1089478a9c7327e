// Bundles the server and its CLI into server/dist with esbuild. Our own workspace code (@gogo/shared,
// TypeScript source) is bundled in; every npm package stays external and loads from node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/project.mjs';

const outdir = join(root, 'server', 'dist');
rmSync(outdir, { recursive: true, force: true });

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@gogo/') ? undefined : { external: true }));
  },
};

await build({
  entryPoints: {
    server: join(root, 'server/src/server.ts'),
    'admin-create': join(root, 'server/src/cli/admin-create.ts'),
    'admin-reset-2fa': join(root, 'server/src/cli/admin-reset-2fa.ts'),
    'bench-ledger': join(root, 'server/src/cli/bench-ledger.ts'),
    'db-migrate': join(root, 'server/src/cli/db-migrate.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
