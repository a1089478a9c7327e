import { expect, test, type Page } from './fixtures';
import { signUpViaApi, keepShot } from './support';
import { openNav } from './site-support';

// The token launch on the landing page: the countdown to the launch moment and the launch modal.

const cells = (page: Page) =>
  page.getByTestId('countdown').locator('.countdown__value').allTextContents() as Promise<string[]>;

test.describe('launch countdown', () => {
  // The e2e server uses the default launch moment, 1 December 2025 00:00 UTC. The page loads with the
  // fake clock running, then the clock stops at a known moment; from there time moves only when the
  // test says so.
  test('ticks every second in days, hours, minutes and seconds', { tag: '@desktop' }, async ({ page }) => {
    await page.clock.install({ time: new Date('2025-11-28T11:59:30Z') });
    await page.goto('/');
    await expect(page.getByTestId('countdown')).toHaveAttribute('role', 'timer');
    await page.clock.pauseAt(new Date('2025-11-28T12:00:00Z'));
    await expect.poll(() => cells(page)).toEqual(['2', '12', '00', '00']);
    await page.clock.runFor(1000);
    await expect.poll(() => cells(page)).toEqual(['2', '11', '59', '59']);
    await page.clock.runFor(61_000);
    await expect.poll(() => cells(page)).toEqual(['2', '11', '58', '58']);
    await page.clock.fastForward('48:00:00');
    await expect.poll(() => cells(page)).toEqual(['0', '11', '58', '58']);
  });

  test('shows the launched state from the launch moment on', { tag: '@desktop' }, async ({ page }) => {
    await page.clock.install({ time: new Date('2025-11-30T23:59:30Z') });
    await page.goto('/');
    await expect(page.getByTestId('countdown')).toBeVisible();
    await page.clock.pauseAt(new Date('2025-11-30T23:59:58Z'));
    await expect.poll(() => cells(page)).toEqual(['0', '00', '00', '02']);
    await page.clock.runFor(1000);
    await expect.poll(() => cells(page)).toEqual(['0', '00', '00', '01']);
    await expect(page.getByTestId('countdown-launched')).toHaveCount(0);
    await page.clock.runFor(1000); // the launch moment
    const launched = page.getByRole('main').getByTestId('countdown-launched');
    await expect(launched).toContainText('Launch date reached');
    await expect(launched).toContainText('game credits');
    // The hero names the date right above (the box keeps the countdown's height: no layout shift).
    await expect(page.getByRole('main').locator('.hero-section__eyebrow')).toContainText('1 December 2025, 00:00 UTC');
    await expect(page.getByTestId('countdown')).toHaveCount(0);
  });
});

test.describe('token launch modal', () => {
  test(
    'signed out: countdown, prices, reasons, a login prompt; Escape closes and focus returns',
    { tag: '@desktop' },
    async ({ page }, info) => {
      await page.clock.install({ time: new Date('2025-11-20T10:00:00Z') });
      await page.goto('/');
      const learnMore = page.getByRole('button', { name: 'Learn More' });
      await learnMore.click();
      const dialog = page.getByRole('dialog', { name: 'GOGO Token Launch' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('timer')).toBeVisible();
      await expect(dialog.getByTestId('current-price')).toHaveText('$0.00');
      await expect(dialog.getByTestId('launch-price')).toHaveText('$0.10');
      await expect(dialog.getByText('Announced for 1 December 2025, 00:00 UTC.')).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Why collect now' })).toBeVisible();
      await expect(dialog.getByRole('listitem')).toHaveCount(4);
      await expect(dialog.getByText('no guaranteed value', { exact: false })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Log in' })).toBeVisible();
      await keepShot(page, info, 'launch-modal-signed-out.png');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(learnMore).toBeFocused();

      // Its login prompt hands over to the login dialog; its main button to the register dialog.
      await learnMore.click();
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
      await page.keyboard.press('Escape');
      await learnMore.click();
      await dialog.getByRole('button', { name: 'Start Playing' }).click();
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    },
  );

  // The launch dialog now tells the redemption-price story; this walk still expects the launch-price
  // balance rows and is rewritten next (the closing note says so).
  test(
    'signed in: the balance and what a withdrawal pays for it; Keep Playing goes to /game',
    { tag: '@phone' },
    async ({ page }, info) => {
      const player = await signUpViaApi(page);
      const config = (await (await page.request.get('/api/public/config')).json()).data;
      const price: number = config.redemptionPriceUsd;
      await page.route('**/api/game-state/state', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ success: true, data: { balance: 1234 } }),
        }),
      );
      await page.goto('/');
      // The landing is prerendered: its buttons act once the app has taken the page over, which the
      // greeting by name shows (the prerendered page knows no player).
      await expect(page.getByText(`Welcome back, ${player.username}`)).toBeVisible();
      await page.getByRole('button', { name: 'Learn More' }).click();
      const dialog = page.getByRole('dialog', { name: 'GOGO Token Launch' });
      await expect(dialog.getByTestId('launch-balance')).toHaveText('1,234 GOGO');
      // After the launch date GOGO are worth what a withdrawal pays, the same price on every page.
      const usd = (Math.round(1234 * price * 100) / 100).toLocaleString('en-US', {
        style: 'currency',
        currency: 'USD',
      });
      await expect(dialog.getByTestId('launch-potential')).toHaveText(usd);
      await expect(dialog.getByTestId('redemption-price')).toHaveText(`$${price.toFixed(2)}`);
      await expect(dialog.getByTestId('launch-price')).toHaveCount(0);
      await keepShot(page, info, 'launch-modal-signed-in.png');
      await dialog.getByRole('button', { name: 'Keep Playing' }).click();
      await expect(page).toHaveURL(/\/game$/);
    },
  );

  test(
    'signed in against the real server: shows what GET /api/game-state/state answers',
    { tag: '@desktop' },
    async ({ page }) => {
      const player = await signUpViaApi(page);
      const res = await page.request.get('/api/game-state/state', {
        headers: { authorization: `Bearer ${player.token}` },
      });
      await page.goto('/');
      // Acting once the app has taken over the prerendered page (it greets the player by name).
      await expect(page.getByText(`Welcome back, ${player.username}`)).toBeVisible();
      await page.getByRole('button', { name: 'Learn More' }).click();
      const dialog = page.getByRole('dialog', { name: 'GOGO Token Launch' });
      if (res.ok()) {
        const { balance } = (await res.json()).data;
        await expect(dialog.getByTestId('launch-balance')).toHaveText(`${balance.toLocaleString('en-US')} GOGO`);
      } else {
        // Until the game-state endpoint exists on this branch, the modal says so instead of showing a number.
        await expect(dialog.getByText('Your balance could not be loaded right now.')).toBeVisible();
      }
    },
  );

  test('opens from the nav and from the launch band; the backdrop closes it', async ({ page }, info) => {
    await page.goto('/');
    const nav = await openNav(page, info.project.name === 'phone');
    await nav.getByRole('button', { name: 'Token Launch' }).click();
    const dialog = page.getByRole('dialog', { name: 'GOGO Token Launch' });
    await expect(dialog).toBeVisible();
    await page.mouse.click(3, 300);
    await expect(dialog).toBeHidden();
    // The leaderboard above the band is laid out only once it comes near the screen (content-visibility):
    // brought on screen first, with its figures in, it has its real height before the band's button
    // is clicked, so the button stays where the click lands.
    const figures = page.getByTestId('live-figures');
    await figures.scrollIntoViewIfNeeded();
    await expect(figures).toBeInViewport();
    await page.getByRole('button', { name: 'About the launch' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
