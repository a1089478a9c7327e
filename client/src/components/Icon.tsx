import type { ReactNode } from 'react';
import './Icon.css';

/**
 * A small set of line icons drawn for GOGO Board (24x24, currentColor). Inline SVG instead of emoji:
 * the same picture on every device, including systems without an emoji font. The drawings of the public
 * pages are here, by name; those of the signed-in app (game, toasts) are in appIcons.tsx, passed as
 * `glyph`, so the landing's bundle carries only its own. Where the game's former set drew the same
 * thing (dice, coin, trophy, shield, star), this drawing is the one.
 */
const icons = {
  /** Home and user: the signed-in tab bar's (MobileTabBar, in the main chunk) and the game bar's. */
  home: <path d="M3 10.5L12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  arrowLeft: <path d="M19 12H5M11 6l-6 6 6 6" />,
  arrowRight: <path d="M5 12h14M13 6l6 6-6 6" />,
  dice: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
      <circle cx="8.5" cy="8.5" r="1.2" fill="currentColor" />
      <circle cx="15.5" cy="8.5" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="8.5" cy="15.5" r="1.2" fill="currentColor" />
      <circle cx="15.5" cy="15.5" r="1.2" fill="currentColor" />
    </>
  ),
  coin: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="5" />
      <path d="M12 9.5v5" />
    </>
  ),
  trophy: (
    <>
      <path d="M8 21h8M12 16.5V21M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M17 5.5h3v1.5a3.5 3.5 0 0 1-3.2 3.5M7 5.5H4v1.5a3.5 3.5 0 0 0 3.2 3.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="M8 14h2M14 14h2M8 17h2" />
    </>
  ),
  star: <path d="M12 3.2l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17.2l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  shield: (
    <>
      <path d="M12 3l8 3v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6z" />
      <path d="M8.8 12.2l2.2 2.2 4.2-4.4" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M3.5 7.5l8.5 6 8.5-6" />
    </>
  ),
  rocket: (
    <>
      <path d="M9.5 14.5l-3-3C8 6.5 12 3.5 20.5 3.5c0 8.5-3 12.5-8 14z" />
      <circle cx="15" cy="9" r="1.6" />
      <path d="M6.5 11.5H3.5l2.5-3.5h4M12.5 17.5v3l3.5-2.5v-4M7 17c-1.5.5-2.5 2-2.5 3.5 1.5 0 3-1 3.5-2.5" />
    </>
  ),
  puzzle: <path d="M4 8h4.2a2.3 2.3 0 1 1 4.3 0H16v3.5a2.3 2.3 0 1 1 0 4.3V20H4v-3.8a2.3 2.3 0 1 0 0-4.4z" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.2c2.6.3 4.5 2.6 4.5 5.3" />
    </>
  ),
  access: (
    <>
      <circle cx="12" cy="4.8" r="1.8" />
      <path d="M5 8.5l7 1.6 7-1.6M12 10.1v5M12 15.1l-3.6 5.9M12 15.1l3.6 5.9" />
    </>
  ),
  sliders: <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4" />,
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L20 20" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof icons;

/**
 * One icon of the set: decorative (hidden from screen readers) unless it has a `label`. Sized by the
 * font (1.25em) unless `size` gives pixels.
 */
export function Icon({
  name,
  glyph,
  className,
  size,
  label,
}: ({ name: IconName; glyph?: never } | { glyph: ReactNode; name?: never }) & {
  className?: string;
  size?: number;
  label?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={size ? { width: size, height: size } : undefined}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {name ? icons[name] : glyph}
    </svg>
  );
}
