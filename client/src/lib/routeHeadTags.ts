import { headTags, metadataForPath, type HeadTag } from '@gogo/shared/messages';
import { firstPage } from './firstPage';

// Loaded on the first navigation (lib/pageMetadata.ts): the pages' metadata is not needed before.

/**
 * The public origin for canonical links and share tags. The server writes the page's canonical link
 * from PUBLIC_URL; we read that origin back from the first page, so client-side navigation produces
 * the same URLs. Without a server-rendered page (the Vite dev server) the browser's origin is used.
 */
function detectPublicUrl(): string {
  const { canonical: href, pathname } = firstPage;
  const path = metadataForPath(pathname).path;
  if (href && /^https?:\/\//.test(href)) {
    const suffix = path === '/' ? '/' : path;
    if (href.endsWith(suffix)) return href.slice(0, href.length - suffix.length);
  }
  return window.location.origin;
}

const publicUrl = typeof document === 'undefined' ? '' : detectPublicUrl();

function selectorFor(tag: HeadTag): string {
  if (tag.kind === 'title') return 'title';
  if (tag.kind === 'link') return `link[rel="${tag.rel}"]`;
  return `meta[${tag.key}="${tag.name}"]`;
}

/** Puts each tag into <head>: updates the existing element or creates it. */
export function applyHeadTags(tags: readonly HeadTag[], doc: Document = document): void {
  for (const tag of tags) {
    if (tag.kind === 'title') {
      doc.title = tag.text;
      continue;
    }
    let el = doc.head.querySelector<HTMLElement>(selectorFor(tag));
    if (!el) {
      el = doc.createElement(tag.kind);
      if (tag.kind === 'link') el.setAttribute('rel', tag.rel);
      else el.setAttribute(tag.key, tag.name);
      doc.head.appendChild(el);
    }
    if (tag.kind === 'link') el.setAttribute('href', tag.href);
    else el.setAttribute('content', tag.content);
  }
}

/** The head tags of a route, written into the page. */
export function applyRouteMetadata(pathname: string): void {
  applyHeadTags(headTags(metadataForPath(pathname), publicUrl));
}
