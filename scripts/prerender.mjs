// The build's prerender (after the browser build): renders the public pages listed below as a
// first-time visitor sees them and writes them to client/dist/.vite/prerendered.json. The server puts
// each one inside #root of its page (server/src/modules/site/html.ts), so the page paints before its
// scripts arrive; client/src/main.tsx hydrates it. The pages render in Node under jsdom, since the
// app's modules expect a browser (localStorage, location) when they load.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { root } from './lib/project.mjs';

/** Pages whose first paint matters most: the landing (its Lighthouse target). */
export const PRERENDERED_PAGES = ['/'];

const require = createRequire(join(root, 'client', 'package.json'));
const { JSDOM } = require('jsdom');
const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
for (const key of [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'HTMLElement',
  'Node',
]) {
  Object.defineProperty(globalThis, key, {
    value: key === 'window' ? window : window[key],
    configurable: true,
    writable: true,
  });
}
Object.defineProperty(globalThis, 'navigator', { value: window.navigator, configurable: true, writable: true });

const entry = pathToFileURL(join(root, 'client', 'dist-prerender', 'entry.mjs')).href;
const { renderPage } = await import(entry);
/** @type {Record<string, string>} */
const pages = {};
for (const path of PRERENDERED_PAGES) {
  const html = /** @type {string} */ (await renderPage(path));
  if (!html.includes('<h1')) throw new Error(`prerender of ${path} has no heading: ${html.slice(0, 200)}`);
  pages[path] = html;
}
const outDir = join(root, 'client', 'dist', '.vite');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'prerendered.json'), JSON.stringify(pages));
console.log(
  `prerendered ${PRERENDERED_PAGES.join(', ')} (${Object.values(pages)
    .map((h) => `${(h.length / 1024).toFixed(1)} KB`)
    .join(', ')})`,
);
// React Query's cache timers (minutes long) would keep Node waiting: the work is done.
window.close();
process.exit(0);
