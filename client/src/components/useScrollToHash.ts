import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * On arrival at a page: scroll to the element named by the URL hash (for example
 * /privacy-policy#cookies) and move focus there for keyboard and screen-reader users; without a
 * hash start at the top. Client-side navigation does neither by itself.
 */
export function useScrollToHash(ready = true): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    const target = id ? document.getElementById(id) : null;
    if (!target) {
      window.scrollTo(0, 0);
      return;
    }
    target.scrollIntoView({ block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, hash, ready]);
}
