import { useEffect } from 'react';
import { firstPage } from './firstPage';

let firstRoute = true;

/**
 * Keeps the title, description, share tags and canonical link of the current route right. The
 * server wrote the first page's own tags (server/src/modules/site/html.ts); the pages' metadata
 * (2.5 KB of gzipped JavaScript) loads with the first navigation that needs it.
 */
export function usePageMetadata(pathname: string): void {
  useEffect(() => {
    const serverWroteThem = firstRoute && firstPage.canonical !== null && pathname === firstPage.pathname;
    firstRoute = false;
    if (serverWroteThem) return;
    let current = true;
    void import('./routeHeadTags').then(({ applyRouteMetadata }) => {
      if (current) applyRouteMetadata(pathname);
    });
    return () => {
      current = false;
    };
  }, [pathname]);
}
