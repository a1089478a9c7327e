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

/** Route -> preload tags, from client/dist/.vite/manifest.json; empty when there is no manifest. */
export function readRoutePreloads(distDir: string): Map<string, string> {
  const file = join(distDir, '.vite', 'manifest.json');
  const preloads = new Map<string, string>();
  if (!existsSync(file)) return preloads;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  for (const [route, key] of Object.entries(routeModules)) {
    if (!manifest[key]) continue;
    const { js, css } = chunksFor(manifest, key);
    const tags = [
      ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
      ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
    ];
    preloads.set(route, tags.join('\n    '));
  }
  return preloads;
}
