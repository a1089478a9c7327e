// npm run dev: the API from source with reload on change (tsx watch, port 3001) and the Vite dev
// server on 5173, which proxies /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, log, root } from './lib/project.mjs';

await ensureDependencies();
/** @param {string} name */
const bin = (name) => join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '3001', NODE_ENV: 'development' },
  }),
  spawn(bin('vite'), ['--config', 'client/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];
log('Dev servers starting: open http://localhost:5173');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
