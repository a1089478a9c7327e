import type { PublicConfig } from '@gogo/shared/api';
import { escapeHtml, metadataForPath, renderPageHead, unknownPage } from '@gogo/shared/messages';
import { deferModules, inlineEntryStyles, type InlineStyles } from './preload.js';

/** Name of the <meta> that carries GET /api/public/config's data inside the page (no extra request). */
export const PUBLIC_CONFIG_META = 'gogo-public-config';

/**
 * The SPA plugin's HTML renderer: writes the page's own title, description, keywords, Open Graph and
 * Twitter tags, canonical link and theme colour into index.html, so that link previews and crawlers
 * (which do not run scripts) see them. It also embeds the public site settings, so that the launch
 * countdown renders in its final shape at once, and preload links for the page's own chunks. Values are HTML-escaped; the result per page is cached.
 */
export function createPageRenderer(
  publicUrl: string,
  publicConfig?: PublicConfig,
  /** Route -> preload links of its own chunks (see preload.ts). */
  preloads: ReadonlyMap<string, string> = new Map(),
  /** Route -> the HTML the build prerendered inside #root (see preload.ts). */
  prerendered: ReadonlyMap<string, string> = new Map(),
  /** A prerendered page's styles, sent inside it (see preload.ts). */
  inline: InlineStyles = { tags: new Map(), hashes: [] },
): (html: string, url: string) => string {
  const cache = new Map<string, { source: string; html: string }>();
  const configTag = publicConfig
    ? `  <meta name="${PUBLIC_CONFIG_META}" content="${escapeHtml(JSON.stringify(publicConfig))}" />\n  `
    : '';
  return (html, url) => {
    const meta = metadataForPath(url);
    // One entry per known page plus one for every unknown path: the cache stays bounded.
    const key = meta === unknownPage ? '\u0000unknown' : meta.path;
    const hit = cache.get(key);
    if (hit && hit.source === html) return hit.html;
    const preload = meta === unknownPage ? undefined : preloads.get(meta.path);
    const extra = `${configTag}${preload ? `  ${preload}\n  ` : ''}`;
    const body = meta === unknownPage ? undefined : prerendered.get(meta.path);
    const source = body ? inlineEntryStyles(html, inline) : html;
    let rendered = renderPageHead(source, meta, publicUrl).replace(/<\/head>/i, () => `${extra}</head>`);
    if (body) {
      rendered = deferModules(rendered.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`));
    }
    cache.set(key, { source: html, html: rendered });
    return rendered;
  };
}
