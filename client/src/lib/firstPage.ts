/**
 * The first page as the server sent it: its canonical link (written from PUBLIC_URL) and its path,
 * read when the app starts, before the router may redirect to another path (lib/routeHeadTags.ts
 * derives the public origin from them).
 */
export const firstPage = {
  canonical:
    typeof document === 'undefined'
      ? null
      : (document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? null),
  pathname: typeof location === 'undefined' ? '/' : location.pathname,
};
