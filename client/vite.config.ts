import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { endpointTableForBrowser } from './build/endpointTable';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

/** Phaser's source folder (the package's exports list only its prebuilt bundles). */
const phaserSource = join(dirname(createRequire(import.meta.url).resolve('phaser/package.json')), 'src');

const webglSlot = fileURLToPath(new URL('./src/game/engine/webglRendererSlot.cjs', import.meta.url));

/**
 * The board's trimmed Phaser (client/src/game/engine/phaser.ts) is built from Phaser's source, whose
 * feature switches are `typeof NAME` tests that Phaser's own build replaces (its webpack
 * DefinePlugin). Here: both renderers, no sound (the game plays sounds through howler), no WebGL
 * debugger, no 3D camera or Facebook plugins. A switch left as it is would read as on.
 * Phaser's renderer factory gets a stand-in for the WebGL renderer, which lives in a chunk of its own
 * (client/src/game/engine/webgl.ts). Build only: `vite dev` serves Phaser's prebuilt bundle, since
 * the dev server does not convert CommonJS source files.
 */
function phaserBuild(): Plugin {
  const switches: Record<string, string> = {
    CANVAS_RENDERER: 'true',
    WEBGL_RENDERER: 'true',
    FEATURE_SOUND: 'false',
    WEBGL_DEBUG: 'false',
    EXPERIMENTAL: 'false',
    PLUGIN_CAMERA3D: 'false',
    PLUGIN_FBINSTANT: 'false',
  };
  const pattern = new RegExp(`typeof (${Object.keys(switches).join('|')})\\b`, 'g');
  return {
    name: 'gogo-phaser-build',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../renderer/webgl/WebGLRenderer' && importer?.endsWith('/core/CreateRenderer.js')) {
        return importer.startsWith(phaserSource) ? webglSlot : null;
      }
      return null;
    },
    transform(code, id) {
      if (!id.startsWith(phaserSource) || !code.includes('typeof ')) return null;
      const out = code.replace(pattern, (_, name: string) => switches[name] ?? 'true');
      return out === code ? null : { code: out, map: null };
    },
  };
}

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

/**
 * The installable app: a web app manifest and a Workbox service worker that precaches the
 * shell (HTML, CSS, the app's JavaScript, the board art and icons) but not the Phaser engine (loaded
 * on /game only, cached at run time once used), never touches /api, and answers a navigation that
 * fails for want of a network with offline.html, and shows web push notifications (public/push-sw.js).
 * Registered by client/src/lib/pwa.ts after load.
 */
const pwa = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'generated/icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'GOGO Board',
    short_name: 'GOGO Board',
    description: 'A crypto-themed dice board game: roll, move, collect GOGO, level up.',
    start_url: '/game',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#0b1020',
    theme_color: '#0b1020',
    icons: [
      { src: '/generated/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/generated/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/generated/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html}', 'generated/board/**/*.svg'],
    // The engine chunk is large and only /game needs it, the back office only admins: not precached.
    globIgnores: ['**/createGame-*.js', '**/*phaser*', '**/Admin*', '**/admin-*'],
    maximumFileSizeToCacheInBytes: 512 * 1024,
    cleanupOutdatedCaches: true,
    // Web push: the push and notificationclick handlers (public/push-sw.js).
    importScripts: ['/push-sw.js'],
    clientsClaim: true,
    skipWaiting: true,
    // Navigations always go to the network (the server writes each page's metadata into its HTML);
    // offline, offline.html answers instead of a stale shell.
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
      {
        // Hashed build files are immutable: the engine chunk is cached the first time /game loads it.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'gogo-assets', expiration: { maxEntries: 60 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/generated/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'gogo-generated', expiration: { maxEntries: 80 } },
      },
    ],
  },
});

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), endpointTableForBrowser(), phaserBuild(), pwa, precompress()],
  resolve: {
    alias: [
      // The board's code imports 'phaser' for its types; the bundle gets the trimmed build.
      ...(command === 'build'
        ? [{ find: /^phaser$/, replacement: fileURLToPath(new URL('./src/game/engine/phaser.ts', import.meta.url)) }]
        : []),
      { find: /^phaser-src\//, replacement: `${phaserSource}/` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // GOGO_SOURCEMAP=1 npm run build -- --force: maps, to read a browser profile of the built app.
    sourcemap: process.env.GOGO_SOURCEMAP === '1',
    // dist/.vite/manifest.json: the server reads it to preload each route's own chunks with its HTML.
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        offline: fileURLToPath(new URL('./offline.html', import.meta.url)),
      },
    },
    chunkSizeWarningLimit: 1600, // Phaser is one large chunk, loaded only on /game
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
}));
