import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

/**
 * Writes a .br and a .gz copy next to every text asset of the build, so that the server sends
 * compressed files without compressing on each request (@fastify/static `preCompressed`). Skipped
 * for files that do not get smaller (images are compressed already).
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'gogo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        if (br.length < data.length) writeFileSync(`${file}.br`, br);
        const gz = gzipSync(data, { level: 9 });
        if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to preload each route's own chunks with its HTML.
    manifest: true,
    chunkSizeWarningLimit: 1600, // Phaser is one large chunk, loaded only on /game
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
