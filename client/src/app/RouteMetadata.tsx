import { useLocation } from 'react-router-dom';
import { usePageMetadata } from '../lib/pageMetadata';

/** Mounted once inside the router: every navigation updates the page's head tags. */
export function RouteMetadata() {
  usePageMetadata(useLocation().pathname);
  return null;
}
