import { metadataForPath, renderPageHead, unknownPage } from '@gogo/shared/messages';

/**
 * The SPA plugin's HTML renderer: writes the page's own title, description, keywords, Open Graph and
 * Twitter tags, canonical link and theme colour into index.html, so that link previews and crawlers
 * (which do not run scripts) see them. Values are HTML-escaped; the result per page is cached.
 */
export function createPageRenderer(publicUrl: string): (html: string, url: string) => string {
  const cache = new Map<string, { source: string; html: string }>();
  return (html, url) => {
    const meta = metadataForPath(url);
    // One entry per known page plus one for every unknown path: the cache stays bounded.
    const key = meta === unknownPage ? '\u0000unknown' : meta.path;
    const hit = cache.get(key);
    if (hit && hit.source === html) return hit.html;
    const rendered = renderPageHead(html, meta, publicUrl);
    cache.set(key, { source: html, html: rendered });
    return rendered;
  };
}
