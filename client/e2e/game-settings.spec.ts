import { expect, test } from './fixtures';
import { SOUND_NAMES } from '../src/lib/sound';
import { boardFrame, expectRollShown, isRollResponse, openGame, rollWith } from './game-support';

// The game screen's settings and what they drive: applied live and kept, auto roll, sound loading.
// The rolls themselves are in game.spec.ts; the phone bars in game-phone.spec.ts.
test.describe('the game screen', () => {
  test('settings are applied live and survive a reload', { tag: '@desktop' }, async ({ page }, testInfo) => {
    await openGame(page);
    // From the UI (header on desktop, bottom bar on phones)…
    if (testInfo.project.name === 'phone') {
      await page.getByRole('navigation', { name: 'Game' }).getByRole('button', { name: 'Settings' }).click();
    } else {
      await page.getByRole('button', { name: 'Settings' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('switch', { name: /Sound effects/ })).toBeChecked();
    await dialog.getByLabel(/Volume/).fill('0.3');
    await dialog.getByRole('tab', { name: 'Display' }).click();
    await dialog.getByText('Light', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await dialog.getByRole('switch', { name: /Particle effects/ }).uncheck();
    await dialog.getByRole('tab', { name: 'Wallet' }).click();
    await dialog.getByRole('switch', { name: /Show balance/ }).uncheck();
    await expect(page.getByTestId('hud-balance')).toHaveText('••••');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.reload();
    await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('hud-balance')).toHaveText('••••');
    // …and from the window event of the spec.
    await page.evaluate(() => window.dispatchEvent(new Event('game:openSettings')));
    const again = page.getByRole('dialog', { name: 'Settings' });
    await expect(again.getByLabel(/Volume/)).toHaveValue('0.3');
    await again.getByRole('tab', { name: 'Display' }).click();
    await expect(again.getByRole('switch', { name: /Particle effects/ })).not.toBeChecked();
    await expect(again.getByRole('switch', { name: /Animations/ })).toBeChecked();

    // Reset to Defaults asks first (Confirm actions is on by default).
    await again.getByRole('button', { name: 'Reset to Defaults' }).click();
    await page.getByRole('alertdialog', { name: 'Reset settings?' }).getByRole('button', { name: 'Reset' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(again.getByRole('switch', { name: /Particle effects/ })).toBeChecked();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('gogo.settings') ?? 'null'));
    expect(stored).toEqual({
      sound: { enabled: true, volume: 0.7 },
      display: { theme: 'dark', animations: true, particleEffects: true },
      gameplay: { autoRoll: false, confirmActions: true, fastRolls: false, showTutorial: true },
      wallet: { autoConnect: false, showBalance: true },
    });
  });

  test('auto roll keeps rolling after a roll until it is turned off', { tag: '@desktop' }, async ({ page }) => {
    test.slow(); // several rolls in a row, one a second at most
    await page.emulateMedia({ reducedMotion: 'reduce' }); // short animations: this test is about the chain
    await openGame(page);
    await page.evaluate(() => window.dispatchEvent(new Event('game:openSettings')));
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Gameplay' }).click();
    await settings.getByRole('switch', { name: /Auto roll/ }).check();
    // Auto roll starts the chain itself once the settings close: the first roll needs no tap.
    const first = await rollWith(page, () => settings.getByRole('button', { name: 'Done' }).click());
    let chained = 0;
    page.on('response', (response) => {
      if (isRollResponse(response) && response.status() === 200) chained += 1;
    });
    await expectRollShown(page, first);
    // The first roll always brings a modal (its achievement; a jackpot or level-up first if the die
    // gave one): the chain waits while it shows.
    await expect(page.getByRole('dialog')).toHaveCount(1, { timeout: 15_000 });
    // No event marks "the chain decided to wait": give it longer than its 1 s delay to show it waits.
    await page.waitForTimeout(1500);
    expect(chained).toBe(0);
    // Ordinary results are light cards that never stop the chain; a full modal (the achievement, a
    // jackpot, a level-up) pauses it until closed.
    await expect
      .poll(
        async () => {
          const modal = page.getByRole('dialog');
          if ((await modal.count()) > 0) {
            await modal
              .first()
              .getByRole('button', { name: /Collect|Continue|Awesome!|Next/ })
              .click({ timeout: 1000 })
              .catch(() => {});
          }
          return chained;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);

    await page.evaluate(() => window.dispatchEvent(new Event('game:openSettings')));
    await settings.getByRole('tab', { name: 'Gameplay' }).click();
    await settings.getByRole('switch', { name: /Auto roll/ }).uncheck();
    await settings.getByRole('button', { name: 'Done' }).click();
    await expect(boardFrame(page)).toHaveAttribute('data-roll-phase', 'idle', { timeout: 15_000 });
    const rolls = await page.getByTestId('hud-rolls').textContent();
    // Nothing marks a roll that does not happen: wait out more than two auto-roll delays, then look.
    await page.waitForTimeout(2500);
    await expect(page.getByTestId('hud-rolls')).toHaveText(rolls!);
  });

  test('sounds load only after the first gesture', { tag: '@desktop' }, async ({ page }) => {
    const sounds: string[] = [];
    page.on('request', (request) => {
      if (/\/generated\/sounds\/\w+\.wav$/.test(request.url())) sounds.push(request.url());
    });
    await openGame(page);
    await page.waitForLoadState('networkidle'); // everything the open screen asks for has arrived
    expect(sounds).toEqual([]);
    await page.getByRole('button', { name: 'Daily dice', exact: true }).click();
    await expect.poll(() => sounds.length).toBe(SOUND_NAMES.length);
    for (const name of ['roll', 'step', 'gain', 'loss', 'coin', 'flip', 'jackpot', 'levelup', 'achievement']) {
      expect(sounds.some((url) => url.endsWith(`/${name}.wav`))).toBe(true);
    }
  });
});
