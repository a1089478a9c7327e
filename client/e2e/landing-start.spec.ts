import { expect, test } from './fixtures';
import { signUpViaApi, watchForPageErrors } from './support';
import { nextFrames } from './waits';

// Lighthouse on /: the prerendered landing paints before any script of the app is
// fetched. The starter in client/index.html loads them after the first contentful paint, and keeps a
// tap made before the app is ready for it (client/src/lib/earlyEvents.ts).

test('the landing fetches its scripts only after its first contentful paint', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('hero-figures')).toBeVisible(); // the app is running
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/.+\.js$/.test(e.name))
      .map((e) => ({ name: e.name, start: e.startTime })),
  }));
  expect(timing.fcp).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(3);
  for (const script of timing.scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(timing.fcp ?? 0);
});

test('a tap on the prerendered page before the app is ready opens what it asked for once it is', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  // The app's entry arrives late, as on a slow phone: the prerendered page is on screen meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const start = page.getByRole('button', { name: 'Start Playing' });
  await start.click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await nextFrames(page); // the tap has been handled and painted
  await expect(dialog).toHaveCount(0); // nothing can open it yet
  release();
  await expect(dialog).toBeVisible();
  // Once the app runs, taps go straight to it, and the kept one is not given twice.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await nextFrames(page); // a replayed tap would have opened it again by now
  await expect(dialog).toHaveCount(0);
  await start.click();
  await expect(dialog).toBeVisible();
  noErrors();
});

test('a signed-in player never sees the visitor buttons of the prerendered page', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  const player = await signUpViaApi(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // The page was drawn for a visitor: its buttons keep their place, hidden, until the app runs.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Playing' })).toBeHidden();
  release();
  await expect(page.getByText(`Welcome back, ${player.username}`, { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
  noErrors();
});
