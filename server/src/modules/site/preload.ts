import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicPath } from '@gogo/shared/messages';

/**
 * The client module that renders each public page (the lazy routes of client/src/app/router.tsx),
 * as named in Vite's build manifest. With the page's HTML the server sends preload links for that
 * module's chunks and styles, so the browser fetches them alongside the main bundle instead of after it.
 */
export const routeModules: Readonly<Record<PublicPath, string>> = {
  '/': 'src/features/landing/LandingPage.tsx',
  '/features': 'src/features/info/pages/FeaturesPage.tsx',
  '/how-to-play': 'src/features/info/pages/HowToPlayPage.tsx',
  '/help-center': 'src/features/info/pages/HelpCenterPage.tsx',
  '/privacy-policy': 'src/features/info/pages/PrivacyPolicyPage.tsx',
  '/terms-of-service': 'src/features/info/pages/TermsOfServicePage.tsx',
  '/contact-us': 'src/features/info/pages/ContactUsPage.tsx',
  '/feature-request': 'src/features/info/pages/FeatureRequestPage.tsx',
};

/**
 * Images a page paints first, fetched from the head rather than once the body's markup names them:
 * the landing's board art (its largest paint) draws the generated tile sheet (client/src/game/assets.ts).
 */
const routeImages: Readonly<Partial<Record<PublicPath, readonly string[]>>> = {
  '/': ['/generated/board/tiles-sheet.svg'],
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunks and styles a module needs, in load order, without the entry (index.html loads it). */
export function chunksFor(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k) || chunk.isEntry) return;
    seen.add(k);
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    js.push(chunk.file);
  };
  visit(key);
  return { js, css };
}

/**
 * Route -> the HTML inside #root that the build prerendered for it (scripts/prerender.mjs writes
 * client/dist/.vite/prerendered.json); empty when the build prerendered nothing.
 */
export function readPrerenderedPages(distDir: string): Map<string, string> {
  const file = join(distDir, '.vite', 'prerendered.json');
  if (!existsSync(file)) return new Map();
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return new Map(Object.entries(pages).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * A prerendered page's styles go inside the HTML: the first paint then waits for the page alone, not
 * for a round trip per stylesheet (Lighthouse's render-blocking requests on slow 4G). Each <style> is
 * allowed by its hash in the Content-Security-Policy (no 'unsafe-inline'). The file's link stays,
 * `disabled` (never fetched, never applied), so the client's chunk loader, which looks for a
 * stylesheet link with the chunk's href before adding one, does not load and apply the rules twice.
 */
export interface InlineStyles {
  /** The <style> block (and disabled link) standing for a stylesheet link, by the file's href. */
  tags: ReadonlyMap<string, string>;
  /** 'sha256-...' sources of every block, for the style-src directive. */
  hashes: readonly string[];
}

function inlineStyles(distDir: string, hrefs: Iterable<string>): InlineStyles {
  const tags = new Map<string, string>();
  const hashes: string[] = [];
  for (const href of hrefs) {
    const file = join(distDir, href);
    if (tags.has(href) || !existsSync(file)) continue;
    const css = readFileSync(file, 'utf8');
    if (/<\/style/i.test(css)) continue; // could end the element early: left as a link
    hashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    tags.set(href, `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled />`);
  }
  return { tags, hashes };
}

/**
 * 'sha256-...' sources of index.html's own inline scripts (the theme applied before the first paint,
 * client/index.html), for the script-src directive: the only inline script the pages carry.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/** Stylesheet hrefs of index.html (the entry's CSS). */
const entryStylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1] ?? '');

/** Replaces the entry's stylesheet links of index.html by the inline blocks. */
export function inlineEntryStyles(html: string, inline: InlineStyles): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
    (tag, href: string) => inline.tags.get(href) ?? tag,
  );
}

/**
 * Route -> preload tags, from client/dist/.vite/manifest.json; empty when there is no manifest. The
 * routes in `inlineRoutes` (the prerendered ones) get their styles inline, also the entry's.
 */
export function readRoutePreloads(
  distDir: string,
  inlineRoutes: ReadonlySet<string> = new Set(),
): { preloads: Map<string, string>; inline: InlineStyles } {
  const file = join(distDir, '.vite', 'manifest.json');
  const preloads = new Map<string, string>();
  const empty: InlineStyles = { tags: new Map(), hashes: [] };
  if (!existsSync(file)) return { preloads, inline: empty };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const routeCss = new Map<string, string[]>();
  for (const [route, key] of Object.entries(routeModules)) {
    if (manifest[key])
      routeCss.set(
        route,
        chunksFor(manifest, key).css.map((f) => `/${f}`),
      );
  }
  const indexFile = join(distDir, 'index.html');
  const toInline = [
    ...(inlineRoutes.size > 0 && existsSync(indexFile) ? entryStylesheets(readFileSync(indexFile, 'utf8')) : []),
    ...[...inlineRoutes].flatMap((route) => routeCss.get(route) ?? []),
  ];
  const inline = inlineStyles(distDir, toInline);
  for (const [route, key] of Object.entries(routeModules)) {
    if (!manifest[key]) continue;
    const { js } = chunksFor(manifest, key);
    const inlined = inlineRoutes.has(route);
    const tags = [
      ...(routeImages[route as PublicPath] ?? []).map(
        (href) => `<link rel="preload" as="image" href="${href}" fetchpriority="high" />`,
      ),
      ...(routeCss.get(route) ?? []).map(
        (href) => (inlined && inline.tags.get(href)) || `<link rel="stylesheet" crossorigin href="${href}" />`,
      ),
      ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
    ];
    preloads.set(route, tags.join('\n    '));
  }
  return { preloads, inline };
}

/** Id of the JSON list of a prerendered page's modules, started by client/index.html after the first paint. */
export const MODULES_LIST_ID = 'gogo-modules';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>\s*/g;

/**
 * A prerendered page's scripts start after its first paint: the entry script and module preloads leave
 * the head for a JSON list at the end of the body, which the inline starter of client/index.html reads.
 * Fetched from the head, they were downloaded and run before the browser painted (it paints the page
 * once the parser is done, and the scripts were there by then), so the first paint waited for 140 KB
 * of code that the readable, prerendered page does not need.
 */
export function deferModules(html: string): string {
  const entry = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1] ?? '');
  if (entry.length !== 1) return html;
  const preload = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? ''))];
  // `<` escaped: the list cannot end its <script> element early.
  const list = JSON.stringify({ entry: entry[0], preload }).replace(/</g, '\\u003c');
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<\/body>/i, () => `<script type="application/json" id="${MODULES_LIST_ID}">${list}</script>\n  </body>`);
}
