import { expect, test } from './fixtures';
import { gameText } from '@gogo/shared/messages';
import { diceLoopText } from '@gogo/shared/messages/game';
import { tileAt } from '@gogo/shared/rules';
import { signedGogo } from '../src/game/rollPlan';
import { watchForPageErrors } from './support';
import {
  boardCanvas,
  boardFrame,
  closeRollDialogs,
  expectBoardReady,
  expectRollShown,
  isRollResponse,
  openGame,
  recordToasts,
  rollWith,
  tapRollUntilSent,
  spendAllRolls,
  swipeUp,
  tileCentre,
  toastsShown,
} from './game-support';

// The game screen: rolling, the board, its dialogs and failures. Its settings (auto roll, sound) are
// in game-settings.spec.ts; the phone's bottom bar and sizes in game-phone.spec.ts.
test.describe('the game screen', () => {
  test('roll with the button: token on the server tile, reward text, first-roll achievement, HUD updated', async ({
    page,
  }, testInfo) => {
    const noErrors = watchForPageErrors(page);
    await openGame(page);
    await expect(page.getByTestId('hud-rolls')).toHaveText('10');
    // One game, one canvas, drawn at the screen's pixel ratio (capped at 2) and inside the viewport.
    await expect(boardCanvas(page)).toHaveCount(1);
    const canvas = await boardCanvas(page).evaluate((node) => {
      const element = node as HTMLCanvasElement;
      const rect = element.getBoundingClientRect();
      return {
        ratio: element.width / rect.width,
        dpr: window.devicePixelRatio,
        bottom: rect.bottom,
        right: rect.right,
      };
    });
    expect(canvas.ratio).toBeCloseTo(Math.min(2, canvas.dpr), 1);
    const viewport = page.viewportSize()!;
    expect(canvas.right).toBeLessThanOrEqual(viewport.width);
    expect(canvas.bottom).toBeLessThanOrEqual(viewport.height);

    const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
    // The roll is spent as soon as the server answers.
    await expect(page.getByTestId('hud-rolls')).toHaveText(String(result.state.diceRollsRemaining));
    await expectRollShown(page, result);
    expect(result.path).toHaveLength(result.die);

    // One card lists everything the first roll brought: its result, the First Roll achievement and
    // any level-up or jackpot; its title says what the roll was (a loss beside the achievement reads as
    // mixed luck, never as a win). One tap closes it.
    const lost = result.reward < 0 || (result.tile.type === 'PENALTY' && result.reward === 0);
    const title = result.isJackpot
      ? 'JACKPOT!'
      : lost
        ? 'Not all bad!'
        : result.levelUps.length > 0
          ? 'Level up!'
          : 'Achievement unlocked!';
    const summary = page.getByRole('dialog', { name: title });
    // The big number is the roll's biggest gain: the tile's, or the achievement's +50 when it paid more.
    const tileLeads = result.reward >= 50;
    await expect(summary.getByTestId('reward-amount')).toHaveText(tileLeads ? signedGogo(result.reward) : '+50 GOGO');
    await expect(summary).toContainText(`Rolled a ${result.die}: ${result.tile.name}`);
    await expect(summary).toContainText(`+${result.xpGained} XP`);
    await expect(summary).toContainText(tileLeads ? 'First Roll: +50 GOGO' : 'First Roll unlocked');
    for (const level of result.levelUps) await expect(summary).toContainText(`Level ${level} reached`);
    await summary.getByRole('button', { name: 'Collect' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect(page.getByTestId('hud-balance')).toHaveText(result.state.balance.toLocaleString('en-US'));
    // A first roll may also pay dice (a level-up or a lap): the HUD shows the server's count.
    const diceLeft = result.state.diceRollsRemaining;
    expect(diceLeft).toBe(9 + result.levelUpDice + result.lapDice);
    await expect(page.getByTestId('hud-rolls')).toHaveText(String(diceLeft));
    if (testInfo.project.name === 'desktop') {
      await expect(page.getByTestId('dice-balance')).toHaveText(`Dice rolls: ${diceLeft} left · 0 bought · 1 used`);
    }
    // The server's state and the board agree after a reload too.
    await page.reload();
    await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
    await expect(boardFrame(page)).toHaveAttribute('data-token-position', String(result.to));
    noErrors();
  });

  test('roll with a swipe on the board, then with the keyboard', async ({ page }, testInfo) => {
    await openGame(page);
    const hasTouch = Boolean(testInfo.project.use.hasTouch);
    const first = await rollWith(page, () => swipeUp(page, hasTouch));
    await expectRollShown(page, first);
    await closeRollDialogs(page);

    await page.locator('body').click({ position: { x: 2, y: 300 } }); // focus on the page, not a control
    // Space is pressed until a roll is sent: a press inside the 1 s between two rolls shows the cooldown.
    const second = await rollWith(page, () =>
      expect(async () => {
        const sent = page.waitForRequest((r) => r.url().endsWith('/api/game/roll') && r.method() === 'POST', {
          timeout: 1_500,
        });
        await page.keyboard.press('Space');
        await sent;
      }).toPass({ timeout: 20_000 }),
    );
    expect(second.from).toBe(first.to);
    await expectRollShown(page, second);
  });

  test('tapping a tile shows its details', { tag: '@phone' }, async ({ page }, testInfo) => {
    await openGame(page);
    const phone = testInfo.project.name === 'phone';
    // Before any tap the phone strip shows the tile the pawn stands on (Start).
    if (phone) await expect(page.locator('.tile-strip [data-tile-id]')).toHaveAttribute('data-tile-id', '0');
    const { x, y } = await tileCentre(page, 3);
    if (phone) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    const details = phone ? page.locator('.tile-strip') : page.locator('.side-panel [data-tile-id]');
    await expect(details).toContainText('Bitcoin Boulevard');
    await expect(details).toContainText('+5-15 GOGO');
    expect(await page.getByRole('dialog').count()).toBe(0); // a tile tap never rolls
  });

  test('the daily login counts on load, with its streak toast once a day', { tag: '@phone' }, async ({ page }) => {
    await recordToasts(page);
    await openGame(page);
    const screen = page.locator('.game-page');
    // The toast is shown in the same update that marks the login handled; it may have closed by
    // now (4 s), so it is read from the log of toasts shown.
    await expect(screen).toHaveAttribute('data-daily-login', 'counted');
    const shown = await toastsShown(page, 'daily');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('Day 1 login streak!');
    expect(shown[0]).toContain('+50 GOGO daily bonus');
    await expect(page.getByTestId('hud-balance')).toHaveText('50');
    const login = page.waitForResponse((r) => r.url().endsWith('/api/daily-login'));
    await page.reload();
    const again = await (await login).json();
    expect(again.data).toMatchObject({ counted: false, bonus: 0, consecutiveDays: 1 });
    // Once the screen has handled this answer, no toast can come from it any more.
    await expect(screen).toHaveAttribute('data-daily-login', 'already');
    expect(await toastsShown(page, 'daily')).toEqual([]);
    await expect(page.getByTestId('hud-balance')).toHaveText('50');
  });

  test('the daily dice dialog claims once', { tag: '@phone' }, async ({ page }) => {
    await openGame(page);
    await page.getByRole('button', { name: 'Daily dice', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Daily Dice Roll' });
    await expect(dialog).toContainText('Next milestone: 7 days');
    const claim = page.waitForResponse((r) => r.url().endsWith('/api/daily-dice-roll/claim'));
    await dialog.getByRole('button', { name: 'Claim 10 free dice rolls' }).click();
    expect((await claim).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('hud-rolls')).toHaveText('20');

    await page.getByRole('button', { name: 'Daily dice', exact: true }).click();
    const reopened = page.getByRole('dialog', { name: 'Daily Dice Roll' });
    await expect(reopened.getByTestId('daily-already')).toHaveText(gameText.alreadyClaimed);
    await expect(reopened.getByRole('button', { name: /Claim/ })).toHaveCount(0);
    await expect(page.getByTestId('hud-rolls')).toHaveText('20');
  });

  test('leaderboards: the global one from the server and this device', { tag: '@desktop' }, async ({ page }) => {
    const player = await openGame(page);
    const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
    await expectRollShown(page, result);
    await closeRollDialogs(page);

    await page.evaluate(() => window.dispatchEvent(new Event('game:openLeaderboard')));
    const dialog = page.getByRole('dialog', { name: 'Leaderboard' });
    const self = dialog.locator('tr.is-self');
    await expect(self).toContainText(player.username);
    await dialog.getByRole('tab', { name: 'This device' }).click();
    await expect(dialog.locator('tr.is-self')).toContainText(player.username);
    await expect(dialog).toContainText('1 player');
  });

  test(
    'fairness panel: rolls are sealed, then verified in the browser after a rotation',
    { tag: '@desktop' },
    async ({ page }) => {
      await openGame(page);
      const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
      await expectRollShown(page, result);
      await closeRollDialogs(page);

      await page.getByRole('button', { name: 'Provably fair' }).first().click();
      const panel = page.getByRole('dialog', { name: 'Provably fair dice' });
      await expect(panel.getByTestId('seed-hash')).toHaveText(result.fairness.serverSeedHash);
      await expect(panel.getByTestId('nonce')).toHaveText(String(result.fairness.nonce + 1));
      const row = panel.getByTestId('fair-rolls').locator('li').first();
      await expect(row).toHaveAttribute('data-verdict', 'sealed');

      await panel.getByRole('button', { name: 'Rotate seed and reveal' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate and reveal' }).click();
      await expect(panel.getByTestId('revealed-seed')).toContainText('1 rolls');
      await expect(row).toHaveAttribute('data-verdict', 'verified');
      await expect(row).toContainText('Verified');
      await expect(panel.getByTestId('nonce')).toHaveText('0');

      // A new client seed is saved on the server.
      await panel.getByLabel('Client seed').fill('my lucky seed');
      // The button is disabled while the request runs too: wait for the server's answer itself.
      const saved = page.waitForResponse(
        (res) => res.url().endsWith('/api/fairness/client-seed') && res.request().method() === 'PUT',
      );
      await panel.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);
      await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
      const status = await page.evaluate(async () => {
        const token = localStorage.getItem('gogo.token');
        const res = await fetch('/api/fairness', { headers: { Authorization: `Bearer ${token}` } });
        return (await res.json()).data;
      });
      expect(status.clientSeed).toBe('my lucky seed');
    },
  );

  test("a roll inside the server's 1 s cooldown shows the cooldown text", { tag: '@desktop' }, async ({ page }) => {
    const player = await openGame(page);
    // Another tab (here: the API) rolls at the same moment as this click: the server takes one roll
    // and refuses the other with its real 429, which is the answer this click gets.
    await page.route(
      '**/api/game/roll',
      async (route) => {
        const other = () =>
          page.request.post('/api/game/roll', { headers: { Authorization: `Bearer ${player.token}` }, data: {} });
        const answers = await Promise.all([route.fetch(), other()]);
        expect(answers.map((a) => a.status()).sort()).toEqual([200, 429]);
        await route.fulfill({ response: answers.find((a) => a.status() === 429) });
      },
      { times: 1 },
    );
    const refused = page.waitForResponse(isRollResponse);
    await page.getByRole('button', { name: 'Roll dice' }).click();
    expect((await refused).status()).toBe(429);
    await expect(page.getByTestId('roll-status')).toHaveText(gameText.cooldown);
    await expect(boardFrame(page)).toHaveAttribute('data-roll-phase', 'idle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('no rolls left: the spec text, the free daily dice offered first and buying as the smaller action', async ({
    page,
  }) => {
    const player = await openGame(page);
    await spendAllRolls(page, player.token);
    await page.reload();
    await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
    await expect(page.getByTestId('roll-status')).toHaveText(gameText.noRollsLeft);
    // Today's free dice are not claimed yet: the main button offers them, the gift carries a badge.
    const claim = page.getByRole('button', { name: diceLoopText.claimDaily(10) });
    await expect(claim).toBeEnabled();
    await expect(page.getByTestId('daily-badge')).toBeVisible();
    const buy = page.getByRole('link', { name: diceLoopText.buyDice });
    await expect(buy).toHaveAttribute('href', '/profile?tab=deposit&diceRolls=true');
    // Buying is the smaller action beside (phone) or under (desktop) the free offer.
    const area = async (locator: typeof buy) => {
      const box = (await locator.boundingBox())!;
      return box.width * box.height;
    };
    expect(await area(buy)).toBeLessThan(await area(claim));
    await expect(page.getByRole('button', { name: 'Roll dice' })).toHaveCount(0);
    // Tapping the die does not send anything either.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/game/roll')) sent += 1;
    });
    const { x, y } = await (async () => {
      const box = await boardFrame(page).boundingBox();
      return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
    })();
    await page.mouse.click(x, y);
    await expect(page.getByTestId('roll-status')).toHaveText(gameText.noRollsLeft);
    expect(sent).toBe(0);

    // One tap claims them: the dice are back, the badge goes, the refill is full (10 dice, the cap).
    await claim.click();
    await expect(page.getByTestId('hud-rolls')).toHaveText('10');
    await expect(page.getByRole('button', { name: 'Roll dice' })).toBeEnabled();
    await expect(page.getByTestId('daily-badge')).toHaveCount(0);
    await expect(page.getByTestId('refill-timer')).toHaveText(diceLoopText.refillFull);
  });

  test('the multiplier: one tap beside the roll button, remembered, and a roll at x2 spends two dice', async ({
    page,
  }) => {
    const player = await openGame(page);
    // With today's free dice the player holds 20: x2 opens by dice held.
    const claimed = await page.request.post('/api/daily-dice-roll/claim', {
      headers: { Authorization: `Bearer ${player.token}` },
    });
    expect(claimed.status()).toBe(200);
    await page.reload();
    await expectBoardReady(page);
    await expect(page.getByTestId('hud-rolls')).toHaveText('20');
    const chip = page.getByTestId('multiplier-button');
    await expect(chip).toHaveAttribute('data-multiplier', '1');
    await chip.click();
    await expect(chip).toHaveAttribute('data-multiplier', '2');
    await expect(chip).toHaveAccessibleName(diceLoopText.multiplierLabel(2));
    const button = page.getByRole('button', { name: diceLoopText.rollTimes(2) });
    await expect(button).toBeEnabled();
    const answered = page.waitForResponse(isRollResponse);
    await button.click();
    const response = await answered;
    expect(response.request().postDataJSON()).toMatchObject({ multiplier: 2 });
    const { data } = await response.json();
    expect(data.multiplier).toBe(2);
    expect(data.state.diceRollsRemaining).toBe(20 - 2 + data.levelUpDice + data.lapDice);
    // Remembered on this device: a reload keeps x2.
    expect(await page.evaluate(() => localStorage.getItem('gogo.rollMultiplier'))).toBe('2');
  });

  test(
    'offline: a banner, the die disabled, back when the server answers again',
    { tag: '@phone' },
    async ({ page }) => {
      await openGame(page);
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Roll dice' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'You are offline.' })).toBeVisible({ timeout: 10_000 });
      await expect(page.getByRole('button', { name: 'Roll dice' })).toBeDisabled();
      await expect(boardFrame(page)).toHaveAttribute('data-token-position', '0');
      await page.unroute('**/api/**');
      await expect(page.getByRole('alert').filter({ hasText: 'You are offline.' })).toHaveCount(0, { timeout: 10_000 });
      await expect(page.getByRole('button', { name: 'Roll dice' })).toBeEnabled();
    },
  );

  test('a logout control stays reachable', async ({ page }) => {
    await openGame(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

// Which renderer draws the board does not depend on the size: one project ('@desktop') is enough.
test.describe('renderers', { tag: '@desktop' }, () => {
  test('the WebGL renderer draws and plays the board too', async ({ page }) => {
    const noErrors = watchForPageErrors(page);
    await openGame(page, { path: '/game?renderer=webgl' });
    await expect(page.locator('.board-canvas')).toHaveAttribute('data-renderer', 'webgl');
    // Every dialog that shows, in order: the celebrations of the first roll, whatever they are.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __dialogs: string[] }).__dialogs = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="dialog"]')) {
          const text = el.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
    await expectRollShown(page, result);
    // The first roll's achievement follows its result (and a level-up or a jackpot, for some players
    // under the fixed test seed): the whole sequence played on WebGL.
    await closeRollDialogs(page);
    const dialogs = await page.evaluate(() => (window as unknown as { __dialogs: string[] }).__dialogs);
    expect(dialogs.some((text) => text.includes('First Roll'))).toBe(true);
    noErrors();
  });
});

test('a roll answer never moves the token anywhere but the server tile', { tag: '@phone' }, async ({ page }) => {
  // Three rolls in a row: each starts where the previous one ended.
  await openGame(page);
  let from = 0;
  for (let i = 0; i < 3; i += 1) {
    const result = await rollWith(page, () => tapRollUntilSent(page));
    expect(result.from).toBe(from);
    expect(result.tile).toEqual({ ...tileAt(result.to) });
    await expectRollShown(page, result);
    await closeRollDialogs(page);
    from = result.to;
  }
});
