import type { MouseEvent } from 'react';

/** The first stop for keyboard users: jumps over the navigation to the page's <main id="main">. */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main');
    if (!main) return;
    e.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href="#main" onClick={onClick}>
      Skip to content
    </a>
  );
}
