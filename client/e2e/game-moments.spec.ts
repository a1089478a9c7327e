import { cpus, loadavg } from 'node:os';
import { expect, test, type Page, type TestInfo } from './fixtures';
import { replayRoll } from '@gogo/shared/fairness';
import { TILES } from '@gogo/shared/rules';
import {
  boardCanvas,
  boardFrame,
  clientSeedFor,
  dismissToasts,
  openGame,
  rollWith,
  testServerSeed,
  type GamePlayer,
} from './game-support';

// A roll's moments: the one summary card, the jackpot takeover (and its frame times), the coin
// flight and the phone's one bottom area. Rolls are fixed with a chosen client seed (the server's
// seeds are fixed under GOGO_TEST_SEED), so every run shows the same numbers.

/** Makes the player's first roll the given die and raw reward. */
async function fixFirstRoll(page: Page, player: GamePlayer, want: { die: number; rawReward: number }) {
  const clientSeed = clientSeedFor(player.user.id, { nonce: 0, from: 0 }, want);
  const res = await page.request.put('/api/fairness/client-seed', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { clientSeed },
  });
  expect(res.status()).toBe(200);
}

/** Stops every CSS animation of the page at `ms` into it: one fixed frame of a moving screen. */
async function freezeAnimationsAt(page: Page, ms: number) {
  await page.evaluate((at) => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = at;
    }
  }, ms);
}

/**
 * A jackpot's takeover: its frame times while the coins rain (judged when `judge`, on the phone
 * profile with the cores it needs) and one fixed frame of it as a baseline.
 */
async function jackpotTakeover(page: Page, testInfo: TestInfo, judge: boolean, shot = 'jackpot-takeover.png') {
  const player = await openGame(page);
  await dismissToasts(page);
  // A 1 from Start lands on Hodl Reward, a jackpot tile: 500 raw is +50 GOGO.
  await fixFirstRoll(page, player, { die: 1, rawReward: 500 });
  await page.evaluate(() => {
    const deltas: number[] = [];
    (window as unknown as { __deltas: number[] }).__deltas = deltas;
    const start = () => {
      let last = performance.now();
      const tick = (now: number) => {
        deltas.push(now - last);
        last = now;
        if (deltas.length < 120) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    };
    new MutationObserver((_, observer) => {
      if (document.querySelector('.roll-summary.is-jackpot')) {
        observer.disconnect();
        start();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
  expect(result.isJackpot).toBe(true);
  const takeover = page.getByRole('dialog', { name: 'JACKPOT!' });
  await expect(takeover).toBeVisible();
  await expect(page.locator('.roll-summary__coins span').first()).toBeVisible();
  await expect(takeover.getByTestId('reward-amount')).toHaveText('+50 GOGO');
  await page.waitForFunction(() => (window as unknown as { __deltas: number[] }).__deltas.length >= 120);
  const deltas = (await page.evaluate(() => (window as unknown as { __deltas: number[] }).__deltas)).slice(1);
  const sorted = [...deltas].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
  testInfo.annotations.push({
    type: 'frames',
    description: `jackpot takeover: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
  });
  // Frame times mean something only when the browser has the cores it needs: on a machine running
  // more than it has cores (another worker's browser counts), the check is reported (annotation)
  // but not judged.
  const overloaded = loadavg()[0]! > cpus().length;
  if (overloaded) testInfo.annotations.push({ type: 'frames', description: 'not judged: machine overloaded' });
  if (judge && !overloaded) {
    // 60 Hz: 16.7 ms a frame; the coin shower never drops one in twenty.
    expect(median).toBeLessThanOrEqual(17.5);
    expect(p95).toBeLessThanOrEqual(20);
  }
  // One frame of the takeover: every CSS animation stopped 700 ms in; the board behind (its own
  // frames) is left out.
  await freezeAnimationsAt(page, 700);
  // A mask would be drawn over the card: the board's canvas is hidden instead.
  await page.locator('.board-canvas').evaluate((el) => ((el as HTMLElement).style.visibility = 'hidden'));
  await expect(page).toHaveScreenshot(shot, { animations: 'allow' });
}

/** The coins of a plain gain on their way from the landed tile into the balance: one frozen frame. */
async function coinFlight(page: Page, shot: string) {
  const player = await openGame(page);
  await dismissToasts(page);
  // The first roll (its achievement's card takes the screen) goes through the API; the second, a
  // plain gain on a property, is the one watched. One client seed fixes both.
  const serverSeed = testServerSeed(player.user.id);
  let clientSeed = '';
  for (let i = 0; i < 100_000 && !clientSeed; i += 1) {
    const candidate = `coins-${i}`;
    const first = replayRoll({ serverSeed, clientSeed: candidate, nonce: 0, from: 0 });
    const second = replayRoll({ serverSeed, clientSeed: candidate, nonce: 1, from: first.to });
    // A 3 to Uniswap Way, then a 2 to Chainlink Lane for +10 GOGO: two plain property gains.
    const calm = (to: number) => TILES[to]?.type === 'PROPERTY';
    if (first.die === 3 && second.die === 2 && second.rawReward === 100 && calm(second.to)) clientSeed = candidate;
  }
  const put = await page.request.put('/api/fairness/client-seed', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { clientSeed },
  });
  expect(put.status()).toBe(200);
  const first = await page.request.post('/api/game/roll', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: {},
  });
  expect(first.status()).toBe(200);
  await page.reload();
  await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
  await dismissToasts(page);
  // Stop the board's frames the moment the reward shows: the coins are on their way.
  await page.evaluate(() => {
    const frame = document.querySelector('.board-frame') as HTMLElement;
    new MutationObserver((_, observer) => {
      if (frame.dataset.rollPhase !== 'rewarding') return;
      observer.disconnect();
      const pending: FrameRequestCallback[] = [];
      // Two more frames draw the first coins, then the loop waits forever.
      let frames = 6;
      const original = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        if (frames-- > 0) return original(callback);
        pending.push(callback);
        return 0;
      };
    }).observe(frame, { attributes: true, attributeFilter: ['data-roll-phase'] });
  });
  const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
  expect(result).toMatchObject({ die: 2, reward: 10 });
  await expect(boardFrame(page)).toHaveAttribute('data-roll-phase', 'rewarding');
  // The light card over the board's centre is not what is looked at here.
  await page.locator('.reward-card').evaluate((el) => ((el as HTMLElement).style.visibility = 'hidden'));
  await expect(boardCanvas(page)).toHaveScreenshot(shot, { maxDiffPixelRatio: 0.05 });
}

test.describe('a roll that brings several things', () => {
  test('one card lists them all; one tap closes it', async ({ page }) => {
    const player = await openGame(page);
    await dismissToasts(page);
    await fixFirstRoll(page, player, { die: 4, rawReward: 120 });
    const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
    const card = page.getByRole('dialog', { name: 'Achievement unlocked!' });
    // The biggest gain is the headline (the achievement's +50); the tile's +12 is a line.
    await expect(card).toContainText('Rolled a 4: Airdrop +12 GOGO');
    await expect(card.getByTestId('reward-amount')).toHaveText('+50 GOGO');
    await expect(card).toContainText(`+${result.xpGained} XP`);
    await expect(card).toContainText('First Roll unlocked');
    await expect(boardFrame(page)).toHaveAttribute('data-celebration', 'summary');
    await expect(page.locator('.roll-summary__card')).toHaveScreenshot('summary-card.png');
    // One tap anywhere closes it (here: beside the card).
    await page.mouse.click(5, 5);
    await expect(card).toHaveCount(0);
    await expect(boardFrame(page)).toHaveAttribute('data-celebration', 'none');
  });

  test('a reload mid-roll shows what the roll brought', { tag: '@desktop' }, async ({ page }) => {
    const player = await openGame(page);
    await fixFirstRoll(page, player, { die: 4, rawReward: 120 });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // Reload as soon as the answer is in: the die still tumbles, the token has not landed.
    await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
    expect(await boardFrame(page).getAttribute('data-celebration')).toBe('none');
    await page.reload();
    const card = page.getByRole('dialog', { name: 'Achievement unlocked!' });
    await expect(card).toContainText('Rolled a 4: Airdrop +12 GOGO');
    await expect(card.getByTestId('reward-amount')).toHaveText('+50 GOGO');
  });
});

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a jackpot takes over the screen at a steady frame rate', async ({ page }, testInfo) => {
    await jackpotTakeover(page, testInfo, testInfo.project.name === 'phone');
  });

  test('the coins fly from the landed tile into the balance', async ({ page }) => {
    await coinFlight(page, 'coin-flight.png');
  });
});

test.describe('the phone screen', () => {
  // The dock and the tab bar exist only on a phone: '@phone' keeps this to the phone project.
  test(
    'one bottom area of at most 96 px: the dock and the tab bar, nothing empty above',
    { tag: '@phone' },
    async ({ page }) => {
      await openGame(page);
      await dismissToasts(page);
      const dock = await page.locator('.roll-controls--dock').boundingBox();
      const bar = await page.locator('.game-bar').boundingBox();
      const strip = await page.locator('.tile-strip').boundingBox();
      const viewport = page.viewportSize()!;
      expect(dock && bar && strip).toBeTruthy();
      // Together, flush with the bottom of the screen and with each other.
      expect(bar!.y + bar!.height).toBeCloseTo(viewport.height, 0);
      expect(dock!.y + dock!.height).toBeCloseTo(bar!.y, 0);
      expect(bar!.y + bar!.height - dock!.y).toBeLessThanOrEqual(96);
      // Above it: the board's scene reaches the dock (no bare band of page background).
      const area = await page.locator('.board-area').boundingBox();
      expect(area!.y + area!.height).toBeGreaterThanOrEqual(dock!.y - 2);
      await expect(page).toHaveScreenshot('phone-dock.png', {
        clip: { x: 0, y: dock!.y - 8, width: viewport.width, height: viewport.height - dock!.y + 8 },
      });
    },
  );

  test('at 360 px wide the goals and the dock are whole', { tag: '@phone' }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openGame(page);
    for (const chip of await page.locator('.goal__text').all()) {
      const clipped = await chip.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(clipped, (await chip.textContent()) ?? '').toBe(false);
    }
    const dock = await page.locator('.roll-controls--dock').boundingBox();
    expect(dock!.x + dock!.width).toBeLessThanOrEqual(360);
  });
});

test.describe('held sideways', () => {
  test.use({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
  test('the summary card fits a landscape phone', { tag: '@phone' }, async ({ page }) => {
    const player = await openGame(page);
    await dismissToasts(page);
    await fixFirstRoll(page, player, { die: 4, rawReward: 120 });
    await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
    const card = page.locator('.roll-summary__card');
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(390);
    await expect(page).toHaveScreenshot('summary-landscape.png', { mask: [page.locator('.board-canvas')] });
  });

  test('the dock of a landscape phone: one row beside the board', { tag: '@phone' }, async ({ page }) => {
    await openGame(page);
    await dismissToasts(page);
    const dock = page.locator('.roll-controls--dock');
    await expect(dock).toBeVisible();
    const box = (await dock.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(844);
    expect(box.y + box.height).toBeLessThanOrEqual(390);
    await expect(dock).toHaveScreenshot('dock-landscape.png');
  });

  test.describe('with motion', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('the jackpot takes over a landscape phone', { tag: '@phone' }, async ({ page }, testInfo) => {
      await jackpotTakeover(page, testInfo, false, 'jackpot-landscape.png');
    });
    test('the coins fly on a landscape phone', { tag: '@phone' }, async ({ page }) => {
      await coinFlight(page, 'coin-flight-landscape.png');
    });
  });
});
