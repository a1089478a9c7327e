import { expect, test, type Page } from '@playwright/test';
import { openGame } from './game-support';

/** The Phaser engine is bundled with the board's entry module, client/src/game/createGame.ts. */
const ENGINE_CHUNK = /\/assets\/createGame-[\w-]+\.js$/;

function scriptsLoaded(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

test('the landing page never downloads the Phaser chunk; the game screen does', async ({ page }) => {
  const landing = scriptsLoaded(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start Playing' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(landing.length).toBeGreaterThan(0);
  expect(landing.filter((url) => ENGINE_CHUNK.test(url))).toEqual([]);

  // The same check would pass vacuously if the chunk were renamed: make sure /game loads it.
  const game = scriptsLoaded(page);
  await openGame(page);
  const engine = game.filter((url) => ENGINE_CHUNK.test(url));
  expect(engine).toHaveLength(1);
  const size = await page.evaluate(
    (url) => (performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined)?.decodedBodySize ?? 0,
    engine[0]!,
  );
  expect(size).toBeGreaterThan(500_000); // it really is the engine
});

test('the engine starts downloading while the player signs in, before /game opens', async ({ page }) => {
  const scripts = scriptsLoaded(page);
  await page.goto('/login');
  const password = page.locator('input[type="password"]').first();
  await expect(password).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => ENGINE_CHUNK.test(url))).toEqual([]);
  // Typing a password is the signal: the board engine is fetched while the player signs in.
  await password.focus();
  await expect.poll(() => scripts.filter((url) => ENGINE_CHUNK.test(url)).length).toBe(1);
});
