import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The prerender build (scripts/prerender.mjs): client/src/prerender/entry.tsx for Node, beside the
 * browser build of vite.config.ts. Styles are the browser build's; assets keep the same hashed names.
 * Packages stay external (Node loads them from node_modules) except the workspace's own TypeScript.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  publicDir: false,
  ssr: { noExternal: ['@gogo/shared'] },
  build: {
    ssr: 'src/prerender/entry.tsx',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // The board's engine is never rendered here (only public pages are): its imports stay as they are.
      external: [/^phaser/],
      output: { entryFileNames: 'entry.mjs' },
    },
  },
});
