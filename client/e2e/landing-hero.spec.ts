import { expect, test } from './fixtures';
import { keepShot } from './support';

// The hero showed abstract coloured squares. It shows the real tile art (the
// generated sprite sheet, no Phaser) and a short demo roll that stands still under reduced motion.
test('the landing hero draws the real tiles and a demo roll that respects reduced motion', async ({
  page,
}, testInfo) => {
  const sheet = page.waitForResponse((r) => r.url().endsWith('/generated/board/tiles-sheet.svg'));
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  const art = page.locator('.hero-section__art svg.board-art');
  await expect(art).toBeVisible();
  await expect(art.locator('image')).toHaveCount(20);
  await expect(art.locator('image').first()).toHaveAttribute('href', '/generated/board/tiles-sheet.svg');
  const res = await sheet;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/svg+xml');
  await expect(art.locator('.board-art__piece')).toHaveCount(1);
  const moving = await art.locator('.board-art__hop').evaluate((el) => getComputedStyle(el).animationName);
  expect(moving).toBe('board-art-hop');
  // Mid-roll: every animation of the demo is paused 3.2 s into its loop (the pawn hopping along the
  // bottom row), instead of waiting for the clock to get there.
  await art.evaluate((el) => {
    for (const animation of el.getAnimations({ subtree: true })) {
      animation.pause();
      animation.currentTime = 3200;
    }
  });
  await keepShot(page, testInfo, 'hero-demo-roll.png');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const part of ['.board-art__hop', '.board-art__die', '.board-art__glow', '.board-art__piece']) {
    expect(await art.locator(part).evaluate((el) => getComputedStyle(el).animationName), part).toBe('none');
  }
});
