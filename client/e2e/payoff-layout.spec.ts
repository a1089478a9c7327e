import { expect, test, type Page } from './fixtures';
import { boxOf, dismissToasts, intersects, openGame } from './game-support';

// Where the game screen's parts stand on a desktop and on small phones: the live row on both, the
// board clear of the window's edge, names whole, and the roll's status clear of the next goal.

/** True when the element's text is cut (wider or taller than its box). */
const clipped = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);

test('the live row shows and the board stands clear of the window\u2019s edges', async ({ page }) => {
  await openGame(page);
  const viewport = page.viewportSize()!;
  const row = page.getByTestId('live-now');
  await expect(row).toBeVisible();
  const box = await boxOf(row);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  if (viewport.width >= 1000) {
    await expect(page.locator('.side-column').getByTestId('live-now')).toBeVisible();
    const board = await boxOf(page.locator('.board-frame'));
    expect(viewport.height - (board.y + board.height)).toBeGreaterThanOrEqual(36);
  } else {
    const dock = await boxOf(page.locator('.roll-controls--dock'));
    expect(box.y + box.height).toBeLessThanOrEqual(dock.y);
    expect(await clipped(page, '.next-goal__name')).toBe(false);
  }
});

test(
  'a small phone (360x780): the live row without scrolling, the goal\u2019s name whole',
  { tag: '@phone' },
  async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openGame(page);
    const row = page.getByTestId('live-now');
    await expect(row).toBeVisible();
    const [strip, box, goal, dock] = await Promise.all(
      ['.tile-strip', '[data-testid="live-now"]', '.next-goal', '.roll-controls--dock'].map((s) =>
        boxOf(page.locator(s)),
      ),
    );
    expect(box!.y).toBeGreaterThanOrEqual(strip!.y + strip!.height - 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(goal!.y + 1);
    expect(goal!.y + goal!.height).toBeLessThanOrEqual(dock!.y + 1);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight + 1)).toBe(true);
    expect(await clipped(page, '.next-goal__name')).toBe(false);
  },
);

test('the roll\u2019s status stays clear of the next goal\u2019s bar', async ({ page }) => {
  await openGame(page);
  await dismissToasts(page);
  // The answer is held back a moment so the status is seen while the roll is on its way.
  await page.route(/\/api\/game\/roll$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Roll dice' }).click();
  const status = page.getByTestId('roll-status').filter({ hasText: 'Rolling' });
  await expect(status).toBeVisible();
  const pill = await boxOf(status);
  const viewport = page.viewportSize()!;
  if (viewport.width < 768) {
    expect(intersects(pill, await boxOf(page.locator('.next-goal__bar')))).toBe(false);
    expect(intersects(pill, await boxOf(page.locator('.next-goal')))).toBe(false);
  } else {
    const board = await boxOf(page.locator('.board-frame'));
    expect(pill.y).toBeGreaterThanOrEqual(board.y);
    expect(pill.y + pill.height).toBeLessThanOrEqual(board.y + board.height);
  }
});
