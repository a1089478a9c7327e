import { expect, type Locator, type Page } from '@playwright/test';
import { nextFrames } from './waits';

export const publicRoutes = [
  '/',
  '/features',
  '/how-to-play',
  '/help-center',
  '/privacy-policy',
  '/terms-of-service',
  '/contact-us',
  '/feature-request',
] as const;

export const infoRoutes = publicRoutes.filter((r) => r !== '/');

export const slug = (route: string) => (route === '/' ? 'home' : route.slice(1));

/**
 * Catches every mailto: link the page follows (the forms open the mail app through a link click):
 * records its address and stops the browser from handing it to a mail client.
 */
export async function interceptMailto(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __mailto: string[] };
    w.__mailto = [];
    document.addEventListener(
      'click',
      (e) => {
        const link = (e.target as Element | null)?.closest?.('a[href^="mailto:"]') as HTMLAnchorElement | null;
        if (!link) return;
        w.__mailto.push(link.href);
        e.preventDefault();
      },
      true,
    );
  });
  return async () => page.evaluate(() => (window as unknown as { __mailto: string[] }).__mailto);
}

/** Splits a mailto: URL into address, subject and body (percent-decoded). */
export function parseMailto(url: string) {
  expect(url.startsWith('mailto:')).toBe(true);
  const [head, query = ''] = url.slice('mailto:'.length).split('?');
  const params = new Map(
    query.split('&').map((pair) => {
      const [k = '', v = ''] = pair.split('=');
      return [k, decodeURIComponent(v)] as const;
    }),
  );
  return { to: decodeURIComponent(head ?? ''), subject: params.get('subject') ?? '', body: params.get('body') ?? '' };
}

/** Stub answers for the public figures: live players, an empty server, or a failure. */
export const statsWithPlayers = {
  totalPlayers: 1234,
  playersOnline: 17,
  gogoDistributed: 98765,
  rollsToday: 4321,
  topPlayers: [
    { rank: 1, username: 'alice_rolls', score: 51200, level: 14, totalTokensEarned: 4100 },
    { rank: 2, username: 'bob', score: 40010, level: 11, totalTokensEarned: 3050 },
    { rank: 3, username: 'carol99', score: 12000, level: 6, totalTokensEarned: 800 },
  ],
};
export const emptyStats = { totalPlayers: 0, playersOnline: 0, gogoDistributed: 0, rollsToday: 0, topPlayers: [] };

export async function stubStats(page: Page, data: unknown | 'fail') {
  await page.route('**/api/public/stats', (route) =>
    data === 'fail'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: { message: 'boom', code: 'INTERNAL_ERROR' } }),
        })
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data }) }),
  );
}

/** The managed head tags as the browser sees them now. */
export async function headOf(page: Page) {
  return page.evaluate(() => {
    const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute('content') ?? null;
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogImage: meta('meta[property="og:image"]'),
      twitterTitle: meta('meta[name="twitter:title"]'),
      robots: meta('meta[name="robots"]'),
    };
  });
}

/** The landing nav's entries: inline on wide screens, behind the menu button on phones. */
export async function openNav(page: Page, isPhone: boolean) {
  const nav = page.getByRole('navigation', { name: 'Site' });
  if (isPhone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
  }
  return nav;
}

/**
 * The page's footer, brought on screen and held still: on the landing, the sections above it are laid
 * out only as they come near the screen (content-visibility), each then taking its real height, one
 * after another over a few frames, which moves the footer after a scroll (seen: a click on one of its
 * links landing on another element, the footer pushed off screen). Scrolled to until it is on screen
 * and where it was a few frames before.
 */
export async function footerOnScreen(page: Page): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  let before = '';
  await expect(async () => {
    await footer.scrollIntoViewIfNeeded();
    await nextFrames(page, 3);
    const now = JSON.stringify(await footer.boundingBox());
    const still = now === before;
    before = now;
    await expect(footer).toBeInViewport({ timeout: 500 });
    expect(still, 'the footer is where it was three frames before').toBe(true);
  }).toPass({ timeout: 10_000 });
  return footer;
}
