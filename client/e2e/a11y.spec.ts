import { expect, test, type Page } from './fixtures';
import { scanWithAxe } from './axe';
import { signUpViaApi } from './support';
import { footerOnScreen, publicRoutes, statsWithPlayers, stubStats } from './site-support';

/** axe with the WCAG 2.1 A and AA rules; a serious or critical finding fails the test. */
async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await scanWithAxe(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
    .join('\n');
  expect(bad, `${what}\n${report}`).toEqual([]);
  // Everything axe could check passed or is at most moderate; make sure it did check something.
  expect(results.passes.length).toBeGreaterThan(10);
}

/** One banner, main and contentinfo, one h1, and headings in the main that never skip a level. */
async function expectLandmarksAndHeadingOrder(page: Page, route: string) {
  await expect(page.getByRole('heading', { level: 1 }), route).toHaveCount(1);
  await expect(page.getByRole('banner'), route).toHaveCount(1);
  await expect(page.getByRole('main'), route).toHaveCount(1);
  await expect(page.getByRole('contentinfo'), route).toHaveCount(1);
  const levels = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main h1, main h2, main h3, main h4')).map((h) => Number(h.tagName[1])),
  );
  for (let i = 1; i < levels.length; i += 1) {
    expect(levels[i]! - levels[i - 1]!, `${route}: h${levels[i - 1]} then h${levels[i]}`).toBeLessThanOrEqual(1);
  }
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('every public page has no serious or critical violation; landmarks, one h1, headings never skip a level', async ({
    page,
  }, info) => {
    test.setTimeout(150_000); // one page after another, each checked: eight pages in one browser context
    // Every page's content is scanned at the desktop size. The phone scans the pages whose phone
    // layout differs beyond the shared shell: the landing (its hero and bands) and a form page; the
    // help center on a phone is scanned below with an answer open, phone-layout.spec.ts checks every
    // page fits a phone, and the colours (contrast) are the same at both sizes.
    // At the desktop size the same pages are read for their landmarks and headings too (one load each).
    const desktop = info.project.name === 'desktop';
    const routes = desktop ? publicRoutes : (['/', '/contact-us'] as const);
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, route);
      if (desktop) await expectLandmarksAndHeadingOrder(page, route);
    }
  });

  test('the landing with live figures, signed in, with the token launch modal open', async ({ page }) => {
    await stubStats(page, statsWithPlayers);
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByTestId('leaderboard-live')).toBeVisible();
    await expectNoSeriousViolations(page, 'landing, signed in');
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'launch modal');
  });

  test('the phone menu open, and the help center with an answer open', async ({ page }, info) => {
    await page.goto('/');
    if (info.project.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectNoSeriousViolations(page, 'menu open');
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    // To the help center the way a visitor goes, through the footer (no second page load).
    const footer = await footerOnScreen(page);
    await footer.getByRole('link', { name: 'Help Center', exact: true }).click();
    await expect(page).toHaveURL(/\/help-center$/);
    await page.getByRole('button', { name: 'Are the dice fair?' }).click();
    await expectNoSeriousViolations(page, 'faq open');
  });

  test(
    'keyboard: a skip link first, then every control in order, each with a visible focus ring',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      const seen: string[] = [];
      for (let i = 0; i < 14; i += 1) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          return {
            name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
            ring: style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px'),
          };
        });
        expect(focus.ring, `focus ring on ${focus.name}`).toBe(true);
        seen.push(focus.name);
      }
      expect(seen.slice(0, 10)).toEqual([
        'GOGO Board home',
        'Home',
        'Features',
        'How to Play',
        'Leaderboard',
        'Token Launch',
        'Play',
        'Login',
        'Register',
        'Start Playing',
      ]);
      // The skip link moves focus to the main content.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    },
  );
});
