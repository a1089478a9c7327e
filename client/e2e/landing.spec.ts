import { expect, test } from './fixtures';
import { signUpViaApi, watchForPageErrors, keepShot } from './support';
import { emptyStats, openNav, statsWithPlayers, stubStats } from './site-support';
import { nextFrames } from './waits';

// The landing page: its navigation, leaderboard and figures, the prerendered page, a steady hero.
// The launch countdown and the token launch modal are in landing-launch.spec.ts.

test.describe('landing navigation', () => {
  // The full bar exists only on wide screens: '@desktop' keeps this to the desktop project.
  test(
    'wide screens show every entry in the bar; the scroll links reach their sections',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: /menu/ })).toBeHidden();
      const nav = page.getByRole('navigation', { name: 'Site' });
      for (const name of ['Home', 'Features', 'How to Play', 'Leaderboard']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      for (const name of ['Token Launch', 'Play', 'Login', 'Register']) {
        await expect(nav.getByRole('button', { name, exact: true })).toBeVisible();
      }
      for (const [name, heading] of [
        ['Leaderboard', 'Leaderboard'],
        ['How to Play', 'How to Play'],
        ['Features', 'Features'],
      ] as const) {
        await nav.getByRole('link', { name, exact: true }).click();
        await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeInViewport();
        // The fixed bar does not cover the section title, once the smooth scroll has come to rest.
        const title = page.getByRole('heading', { level: 2, name: heading, exact: true });
        // At rest: the title has not moved for five painted frames.
        const rest = await title.evaluate(
          (el) =>
            new Promise<number>((resolve) => {
              let previous = Number.NaN;
              let still = 0;
              const tick = () => {
                const y = el.getBoundingClientRect().y;
                still = Math.abs(y - previous) < 0.5 ? still + 1 : 0;
                previous = y;
                if (still >= 5) resolve(y);
                else requestAnimationFrame(tick);
              };
              requestAnimationFrame(tick);
            }),
        );
        expect(rest).toBeGreaterThanOrEqual(64);
      }
      await expect(page).toHaveURL(/#features$/);
      await nav.getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      // The nav stays fixed at the top while scrolling.
      await page.mouse.wheel(0, 2500);
      await expect(page.getByRole('banner')).toBeInViewport();
    },
  );

  // The menu button exists only on phones: '@phone' keeps this to the phone project.
  test(
    'phones get a menu button with the same entries, Escape and outside clicks close it',
    { tag: '@phone' },
    async ({ page }, info) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const nav = page.getByRole('navigation', { name: 'Site' });
      await expect(nav).toBeHidden();

      await toggle.click();
      const close = page.getByRole('button', { name: 'Close menu' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).toBeVisible();
      // Focus moves into the menu.
      await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
      for (const name of ['Home', 'Features', 'How to Play', 'Leaderboard']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      for (const name of ['Token Launch', 'Play', 'Login', 'Register']) {
        await expect(nav.getByRole('button', { name, exact: true })).toBeVisible();
      }
      await keepShot(page, info, 'menu-open.png');

      // Escape closes it and gives focus back to the button.
      await page.keyboard.press('Escape');
      await expect(nav).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // Keyboard: Enter opens, Tab walks the entries.
      await page.keyboard.press('Enter');
      await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: 'Features' })).toBeFocused();

      // A click outside closes it.
      await page.mouse.click(200, 820);
      await expect(nav).toBeHidden();

      // Choosing an entry closes it and scrolls there.
      await toggle.click();
      await nav.getByRole('link', { name: 'Leaderboard' }).click();
      await expect(nav).toBeHidden();
      await expect(page.getByRole('heading', { level: 2, name: 'Leaderboard' })).toBeInViewport();

      // The menu's Login opens the login dialog.
      await toggle.click();
      await nav.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
      await expect(nav).toBeHidden();
    },
  );

  // The bar is fixed, so a control pushed off its right edge makes no sideways scroll to catch.
  test(
    'on the narrowest phones the bar keeps the brand, Register and the menu button whole',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      const bar = page.getByRole('banner');
      const controls = [
        bar.getByRole('link', { name: 'GOGO Board home' }),
        bar.getByRole('button', { name: 'Register', exact: true }),
        bar.getByRole('button', { name: 'Open menu' }),
      ];
      for (const width of [375, 360, 320]) {
        await page.setViewportSize({ width, height: 780 });
        for (const control of controls) {
          const box = (await control.boundingBox())!;
          expect(box.x, `${width} px: ${control}`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${width} px: ${control}`).toBeLessThanOrEqual(width);
        }
      }
      await bar.getByRole('button', { name: 'Open menu' }).tap();
      await expect(page.getByRole('navigation', { name: 'Site' })).toBeVisible();
    },
  );

  test(
    'signed out: Play opens the login dialog, Register the register dialog',
    { tag: '@phone' },
    async ({ page }, info) => {
      const isPhone = info.project.name === 'phone';
      await page.goto('/');
      let nav = await openNav(page, isPhone);
      await nav.getByRole('button', { name: 'Play', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      nav = await openNav(page, isPhone);
      await nav.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
      await page.keyboard.press('Escape');
      // The hero's buttons.
      await page.getByRole('main').getByRole('button', { name: 'Start Playing' }).click();
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
    },
  );

  test(
    'signed in: welcome back, the username chip goes to /profile, Play to /game, Logout signs out',
    { tag: '@desktop' },
    async ({ page }, info) => {
      const isPhone = info.project.name === 'phone';
      const noErrors = watchForPageErrors(page);
      const player = await signUpViaApi(page);
      await page.goto('/');
      await expect(page.getByText(`Welcome back, ${player.username}`)).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: 'Start Playing' })).toHaveCount(0);
      await keepShot(page, info, 'signed-in.png');

      let nav = await openNav(page, isPhone);
      await nav.getByRole('link', { name: player.username }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await page.goBack();

      await page.getByRole('link', { name: 'Continue Game' }).click();
      await expect(page).toHaveURL(/\/game$/);
      await page.goBack();

      nav = await openNav(page, isPhone);
      await nav.getByRole('link', { name: 'Play', exact: true }).click();
      await expect(page).toHaveURL(/\/game$/);
      await page.goBack();

      nav = await openNav(page, isPhone);
      await nav.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('main').getByRole('button', { name: 'Start Playing' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('gogo.token'))).toBeNull();
      noErrors();
    },
  );
});

test.describe('leaderboard and figures', () => {
  test(
    'real players and figures from the server are shown, without a sample label',
    { tag: '@phone' },
    async ({ page }, info) => {
      await stubStats(page, statsWithPlayers);
      await page.goto('/');
      const table = page.getByTestId('leaderboard-live');
      await expect(table.getByRole('row')).toHaveCount(1 + statsWithPlayers.topPlayers.length);
      await expect(table.getByRole('rowheader', { name: 'alice_rolls' })).toBeVisible();
      await expect(table.getByRole('row').nth(1)).toContainText('51,200');
      await expect(page.getByTestId('sample-note')).toHaveCount(0);
      await expect(page.getByText('SampleWhale')).toHaveCount(0);
      await expect(page.getByTestId('figure-online')).toHaveText('17');
      await expect(page.getByTestId('figure-gogo')).toHaveText('98,765');
      await expect(page.getByTestId('figure-players')).toHaveText('1,234');
      await expect(page.getByTestId('figure-rolls')).toHaveText('4,321');
      await expect(page.getByTestId('hero-figures')).toContainText('17 players online');
      await expect(page.getByTestId('hero-figures')).toContainText('98,765 GOGO distributed');
      await page.getByRole('heading', { name: 'Leaderboard', level: 2 }).scrollIntoViewIfNeeded();
      await keepShot(page, info, 'leaderboard-live.png');
    },
  );

  test(
    'no players yet: the five-player sample, labelled as a sample, and the real zero figures',
    { tag: '@desktop' },
    async ({ page }) => {
      await stubStats(page, emptyStats);
      await page.goto('/');
      await expect(page.getByTestId('sample-note')).toContainText('nobody has played yet');
      await expect(page.getByTestId('sample-note')).toContainText('examples, not real accounts');
      await expect(page.getByTestId('leaderboard-sample').getByRole('row')).toHaveCount(6);
      await expect(page.getByTestId('figure-players')).toHaveText('0');
    },
  );

  test(
    'the figures cannot be loaded: figures hidden, sample labelled as such; never invented numbers',
    { tag: '@desktop' },
    async ({ page }) => {
      await stubStats(page, 'fail');
      await page.goto('/');
      await expect(page.getByTestId('sample-note')).toContainText('could not be loaded', { timeout: 15_000 });
      await expect(page.getByTestId('live-figures')).toHaveCount(0);
      await expect(page.getByTestId('hero-figures')).toHaveCount(0);
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/20\+|1M\+|4\.9/);
    },
  );

  test('against the real server, the page agrees with GET /api/public/stats', { tag: '@desktop' }, async ({ page }) => {
    // Other workers register players meanwhile: compare with the very answer the page received.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/public/stats'));
    await page.goto('/');
    const res = await answer;
    expect(res.ok()).toBe(true);
    const stats = (await res.json()).data;
    await expect(page.getByTestId('figure-players')).toHaveText(stats.totalPlayers.toLocaleString('en-US'));
    if (stats.totalPlayers > 0 && stats.topPlayers.length > 0) {
      await expect(page.getByTestId('leaderboard-live').getByRole('rowheader').first()).toHaveText(
        stats.topPlayers[0].username,
      );
    } else {
      await expect(page.getByTestId('sample-note')).toContainText('nobody has played yet');
    }
  });
});

test.describe('prerendered landing', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test(
      'the hero, its buttons and the footer are in the page the server sends',
      { tag: '@desktop' },
      async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Roll the dice. Collect GOGO.' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Start Playing' })).toBeVisible();
        await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
      },
    );
  });

  test(
    'hydrates without a mismatch, and a signed-in player still gets their own hero',
    { tag: '@desktop' },
    async ({ page }) => {
      const noErrors = watchForPageErrors(page);
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      const player = await signUpViaApi(page);
      await page.goto('/');
      await expect(page.getByText(`Welcome back, ${player.username}`, { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Learn More' }).click();
      await expect(page.getByRole('dialog', { name: 'GOGO Token Launch' })).toBeVisible();
      expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
      noErrors();
    },
  );
});

test('the hero does not move while the page fills in its settings and figures (no layout shift)', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  // Both late arrivals are in: the launch settings (the launched state) and the live figures.
  await expect(page.getByRole('main').getByTestId('countdown-launched')).toBeVisible();
  await expect(page.getByTestId('hero-figures')).toBeVisible();
  await nextFrames(page, 3); // shifts of the last paints are reported
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  expect(shift).toBeLessThan(0.01);
});
