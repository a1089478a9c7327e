import { expect, test, type Page } from './fixtures';
import { signUpViaApi, watchForPageErrors } from './support';
import { statsWithPlayers, stubStats } from './site-support';

/*
 * The light theme through the design tokens (client/src/styles/tokens.css) on the screens outside
 * /game and the back office: the landing, an info page and My Account, at both sizes (the project
 * is part of the snapshot path). The theme is the player's setting as the game's settings dialog
 * stores it (lib/settings.ts), in place before the first script runs; lib/settings.ts writes
 * <html data-theme> from it. Live figures (other tests sign players up meanwhile), the countdown
 * and generated names are masked.
 */

const NOW = new Date('2026-11-25T12:00:00Z');

async function chooseLight(page: Page) {
  await page.clock.setFixedTime(NOW);
  await page.addInitScript(() => {
    localStorage.setItem(
      'gogo.settings',
      JSON.stringify({ display: { theme: 'light', animations: true, particleEffects: true } }),
    );
  });
}

async function expectLight(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The page itself paints the light palette's background, not the dark default.
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).not.toBe('rgb(11, 16, 32)');
}

test('the landing in the light theme', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  await chooseLight(page);
  // Fixed figures: the live ones grow while other tests sign players up, and a longer line wraps.
  await stubStats(page, statsWithPlayers);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('hero-figures')).toBeVisible();
  await expectLight(page);
  await expect(page).toHaveScreenshot('theme-light-landing.png', {
    animations: 'disabled',
    mask: [page.getByTestId('hero-figures')],
  });
  noErrors();
});

test('an info page in the light theme', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  await chooseLight(page);
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectLight(page);
  await expect(page).toHaveScreenshot('theme-light-features.png', { animations: 'disabled' });
  noErrors();
});

test('My Account in the light theme', async ({ page }) => {
  const noErrors = watchForPageErrors(page);
  await signUpViaApi(page);
  await chooseLight(page);
  await page.goto('/profile?tab=history');
  await expect(page.getByRole('tabpanel').getByText('No transactions yet.')).toBeVisible();
  await expectLight(page);
  await expect(page).toHaveScreenshot('theme-light-profile.png', {
    animations: 'disabled',
    caret: 'hide',
    mask: [page.locator('.account__user, .live-indicator')],
  });
  noErrors();
});

test(
  "the theme chosen in My Account applies at once, stays after a reload and is the game's setting",
  { tag: '@desktop' },
  async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/profile?tab=settings');
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByLabel('Dark')).toBeChecked();
    await theme.getByLabel('Light').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('group', { name: 'Theme' }).getByLabel('Light')).toBeChecked();
    // One setting: the game's Display > Theme reads the same value.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('gogo.settings') ?? '{}'));
    expect(stored.display.theme).toBe('light');
  },
);

test('a light-theme player sees the prerendered landing light before any script of the app runs', async ({ page }) => {
  await chooseLight(page);
  // Only the page's own inline script may run: no dark first paint that the app then repaints.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectLight(page);
});
