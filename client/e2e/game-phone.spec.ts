import { expect, test } from './fixtures';
import { boardCanvas, boardFrame, expectRollShown, openGame, rollWith } from './game-support';

// The game screen on a phone: its one bottom bar, a narrow screen, a phone held sideways. The rolls
// themselves are in game.spec.ts. The file runs on the phone project only (PHONE_ONLY_SPECS in
// playwright.config.ts).
test.describe('phones', () => {
  test('the bottom bar: Stats toggles the panel, Rankings opens the leaderboard, Profile navigates', async ({
    page,
  }) => {
    await openGame(page);
    const bar = page.getByRole('navigation', { name: 'Game' });
    const panel = page.getByRole('complementary', { name: 'Player panel' });
    await expect(panel).toBeHidden();
    await bar.getByRole('button', { name: 'Stats' }).click();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Token Collection');
    await bar.getByRole('button', { name: 'Stats' }).click();
    await expect(panel).toBeHidden();
    await bar.getByRole('button', { name: 'Rankings' }).click();
    await expect(page.getByRole('dialog', { name: 'Leaderboard' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await bar.getByRole('button', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('one bottom bar on /game carries the tab bar and game destinations; the controls stay visible', async ({
    page,
  }) => {
    await openGame(page);
    // The signed-in tab bar is not stacked under the game bar any more.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const bar = page.getByRole('navigation', { name: 'Game' });
    for (const name of ['Home', 'Play', 'Stats', 'Rankings', 'Settings', 'Profile']) {
      await expect(bar.getByRole('button', { name })).toBeVisible();
    }
    await expect(bar.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-current', 'page');
    const gameBar = (await bar.boundingBox())!;
    expect(gameBar.height).toBeLessThanOrEqual(70);
    expect(gameBar.y + gameBar.height).toBeGreaterThanOrEqual(843);
    // The board fits the screen's width and nothing overflows sideways.
    const board = await boardFrame(page).boundingBox();
    expect(board!.x).toBeGreaterThanOrEqual(0);
    expect(board!.x + board!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const roll = await page.getByRole('button', { name: 'Roll dice' }).boundingBox();
    expect(roll!.y + roll!.height).toBeLessThanOrEqual(gameBar.y);
    // Thumb reach: the roll button sits in the bottom fifth of the screen and is big.
    expect(roll!.y).toBeGreaterThan(844 * 0.8 - roll!.height);
    expect(roll!.height).toBeGreaterThanOrEqual(48);
    // Home in the one bar leaves the game.
    await bar.getByRole('button', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the board fits a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await openGame(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const board = await boardCanvas(page).boundingBox();
    expect(board!.x).toBeGreaterThanOrEqual(0);
    expect(board!.x + board!.width).toBeLessThanOrEqual(360);
    expect(board!.width).toBeGreaterThan(320);
    const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
    await expectRollShown(page, result);
  });

  test('a banner asks for portrait when the phone is held sideways', async ({ page }) => {
    await openGame(page);
    await expect(page.getByRole('note')).toBeHidden();
    await page.setViewportSize({ width: 844, height: 390 });
    await expect(page.getByRole('note')).toContainText('portrait');
  });
});
