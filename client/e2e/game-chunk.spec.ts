import { expect, test, type Page } from './fixtures';
import { openGame } from './game-support';
import { signUpViaApi } from './support';

/** The Phaser engine is bundled with the board's entry module, client/src/game/createGame.ts. */
const ENGINE_CHUNK = /\/assets\/createGame-[\w-]+\.js$/;
/** Parts of the engine in chunks of their own (client/src/game/engine/webgl.ts and particles.ts). */
const WEBGL_CHUNK = /\/assets\/webgl-[\w-]+\.js$/;
const PARTICLES_CHUNK = /\/assets\/particles-[\w-]+\.js$/;

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
  // The prerendered page paints before its scripts start: the figures say the app has run.
  await expect(page.getByTestId('hero-figures')).toBeVisible();
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
  expect(size).toBeGreaterThan(300_000); // it really is the engine…
  expect(size).toBeLessThan(600_000); // …the board's own build of it: Phaser's whole bundle is 1.4 MB
});

test('the WebGL renderer is downloaded only for WebGL; the particles after the board is ready', async ({ page }) => {
  const canvas = scriptsLoaded(page);
  await openGame(page, { path: '/game?renderer=canvas' });
  await expect(page.locator('.board-canvas')).toHaveAttribute('data-renderer', 'canvas');
  await expect.poll(() => canvas.filter((url) => PARTICLES_CHUNK.test(url)).length).toBe(1);
  expect(canvas.filter((url) => WEBGL_CHUNK.test(url))).toEqual([]);

  await page.goto('about:blank');
  const webgl = scriptsLoaded(page);
  await page.goto('/game?renderer=webgl');
  await expect(page.locator('.board-frame')).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
  await expect(page.locator('.board-canvas')).toHaveAttribute('data-renderer', 'webgl');
  expect(webgl.filter((url) => WEBGL_CHUNK.test(url))).toHaveLength(1);
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

// A hovering pointer: this file runs on the desktop project only (it is not one of PHONE_SPECS).
test('a pointer on a link to the game starts the engine download before the click', async ({ page }) => {
  await signUpViaApi(page);
  const scripts = scriptsLoaded(page);
  await page.goto('/profile');
  const play = page.getByRole('link', { name: 'Play', exact: true }).first();
  await expect(play).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => ENGINE_CHUNK.test(url))).toEqual([]);
  await play.hover();
  await expect.poll(() => scripts.filter((url) => ENGINE_CHUNK.test(url)).length).toBe(1);
});
