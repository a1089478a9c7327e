import { expect, test, type Locator, type Page } from './fixtures';
import { openGame } from './game-support';
import { uniquePlayer } from './support';
import { rollViaApi } from './waits';

// At 360 px wide (the narrowest phone we design for) nothing of the HUD or of a leaderboard is cut
// off: every chip and every score cell lies inside the screen and shows its whole text.

test.use({ viewport: { width: 360, height: 780 } });

/**
 * Each element inside the viewport's width, its text not overflowing its own box. Every element is
 * measured in one round trip to the page: three protocol calls per table cell, while the board
 * renders beside them, took most of this spec's time on a busy machine.
 */
async function expectWhole(page: Page, elements: Locator) {
  const measured = await elements.evaluateAll((nodes) =>
    nodes.map((el) => {
      const rect = el.getBoundingClientRect();
      return {
        label: el.textContent ?? '',
        // No layout box (display: none): what Playwright's boundingBox() answers null for.
        rendered: el.getClientRects().length > 0,
        left: rect.left,
        right: rect.right,
        overflow: el.scrollWidth - el.clientWidth,
      };
    }),
  );
  expect(measured.length).toBeGreaterThan(0);
  const width = page.viewportSize()!.width;
  for (const { label, rendered, left, right, overflow } of measured) {
    expect(rendered, label).toBe(true);
    expect(left, label).toBeGreaterThanOrEqual(0);
    expect(right, label).toBeLessThanOrEqual(width);
    expect(overflow, `${label} overflows its box`).toBeLessThanOrEqual(1);
  }
}

/** Players with 20-character names and scores of five digits. */
async function rankedPlayers(page: Page, count: number) {
  for (let i = 0; i < count; i += 1) {
    const res = await page.request.post('/api/auth/register', { data: uniquePlayer('lb') });
    expect(res.status()).toBe(201);
    const { token } = (await res.json()).data as { token: string };
    for (let r = 0; r < 3; r += 1) expect((await rollViaApi(page.request, token)).status()).toBe(200);
  }
}

test('the HUD chips and the game leaderboard are whole at 360 px', { tag: '@phone' }, async ({ page }) => {
  await rankedPlayers(page, 2);
  await openGame(page);
  await expectWhole(page, page.locator('.goal'));
  await expectWhole(page, page.locator('.goal__text'));
  await page.getByRole('button', { name: 'Rankings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leaderboard' });
  const table = dialog.locator('.data-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectWhole(page, table.locator('th:visible, td:visible'));
  // The frame scrolls sideways only when its table is wider: it must not be.
  const frame = dialog.locator('.data-table__frame');
  expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await dialog.getByRole('tab', { name: 'This device' }).click();
  await expect(dialog.locator('.data-table__frame')).toHaveCount(0); // nothing rolled on this device yet
});

test('the landing leaderboard is whole at 360 px', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  const table = page.locator('.leaderboard__table');
  await table.scrollIntoViewIfNeeded();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectWhole(page, table.locator('th:visible, td:visible'));
});
