import type { ReactNode } from 'react';

/**
 * Drawings of the signed-in app (the game's buttons, toasts), for `<Icon glyph={appIcons.gear} />`:
 * the same 24 x 24 line style as the public pages' set in Icon.tsx, kept apart so that the landing's
 * bundle does not carry them.
 */
export const appIcons = {
  gear: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </>
  ),
  logout: <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
  stats: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  gift: (
    <>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M5 12v9h14v-9M12 8H8a2.5 2.5 0 1 1 0-5c3 0 4 5 4 5zM12 8h4a2.5 2.5 0 1 0 0-5c-3 0-4 5-4 5z" />
    </>
  ),
  flag: <path d="M5 21V4M5 4h11l-2 4 2 4H5" />,
  /** Two arrows chasing each other (auto roll). */
  repeat: <path d="M17 2l3 3-3 3M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3M20 13v2a4 4 0 0 1-4 4H4" />,
  flame: (
    <path d="M12 22c4 0 7-2.7 7-7 0-3.5-2.3-5.6-3.6-7.6-.5 1.8-1.5 3-2.9 3.6.4-3.2-1-6.6-4-8.5.3 3-1.2 5-2.7 6.9C4.7 11.1 5 12.5 5 15c0 4.3 3 7 7 7z" />
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>
  ),
  alert: (
    <>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18v.5" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.8 2.8L16.5 9.5" />
    </>
  ),
  /** A phone turning upright (the landscape banner). */
  rotatePhone: (
    <>
      <rect x="8" y="2" width="9" height="15" rx="1.5" />
      <path d="M12 14h1" />
      <path d="M3 12a6 6 0 0 0 6 8.5" />
      <path d="M6.5 20.5H9.2v-2.7" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type AppIconName = keyof typeof appIcons;
