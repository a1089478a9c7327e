import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { upgradeCost } from '@gogo/shared/rules';
import { expect, test, type Page } from './fixtures';
import { boardFrame, dismissToasts, openGame, rollWith, type GamePlayer } from './game-support';
import { buildBoardOneAlmost, fixRoll, fundPlayer, seedForRolls, setClientSeed } from './payoff-support';

// Each flow signs a player up, opens the board and plays a roll or two: more than the default 45 s
// on a busy machine.
test.describe.configure({ timeout: 90_000 });

// A roll's payoff as a player meets it: the jackpot's coins on screen, the biggest number of a roll
// as the headline, a plain win's moment, the tempo of Fast rolls, the board-2 names, a completed
// board's celebration and the daily button's name. Rolls are fixed with a chosen client seed.

const rollButton = (page: Page) => page.getByRole('button', { name: 'Roll dice' });

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the jackpot rains coins on screen and, on a wide screen, fills it', async ({ page }) => {
    const player = await openGame(page);
    await dismissToasts(page);
    // A 1 from Start lands on Hodl Reward, a jackpot tile: 500 raw is +50 GOGO.
    await fixRoll(page, player, { nonce: 0, from: 0 }, { die: 1, rawReward: 500 });
    await rollWith(page, () => rollButton(page).click());
    const takeover = page.getByRole('dialog', { name: 'JACKPOT!' });
    await expect(takeover).toBeVisible();
    const viewport = page.viewportSize()!;
    const coins = page.locator('.roll-summary__coins span');
    await expect(coins).toHaveCount(28);
    // The coins really fall: their animation runs and a good share of them are inside the screen.
    const inView = () =>
      coins.evaluateAll(
        (spans, size) =>
          spans.filter((span) => {
            if (getComputedStyle(span).animationName !== 'coin-fall') return false;
            const box = span.getBoundingClientRect();
            return box.bottom > 0 && box.top < size.height && box.right > 0 && box.left < size.width;
          }).length,
        viewport,
      );
    await expect.poll(inView).toBeGreaterThanOrEqual(8);
    // The card pops in (a scale from 0.7): its box is judged once it stands at full size.
    const cardBox = page.locator('.roll-summary__card');
    await expect
      .poll(() => cardBox.evaluate((el) => el.getAnimations().filter((a) => a.playState === 'running').length))
      .toBe(0);
    const card = (await cardBox.boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
    if (viewport.width >= 1000) {
      // Desktop: the takeover is most of the window, not a phone-sized card in its middle.
      expect(card.width).toBeGreaterThanOrEqual(viewport.width * 0.6);
      expect(card.height).toBeGreaterThanOrEqual(viewport.height * 0.6);
    } else {
      expect(card.width).toBeGreaterThanOrEqual(viewport.width * 0.85);
    }
    await expect(takeover.getByTestId('reward-amount')).toHaveText('+50 GOGO');
  });

  test('a plain win: coins to the balance, a pop that grows with it and a sound pitched to it', async ({ page }) => {
    const player = await openGame(page);
    await dismissToasts(page);
    // The first roll (its achievement's card) goes through the API; the second, +10 GOGO on a
    // property, is the one watched.
    await setClientSeed(
      page,
      player,
      // A 3 to Uniswap Way, then a 2 to Chainlink Lane: a property, so a gain.
      seedForRolls(player.user.id, [{ die: 3 }, { die: 2 }]),
    );
    const first = await page.request.post('/api/game/roll', {
      headers: { Authorization: `Bearer ${player.token}` },
      data: {},
    });
    expect(first.status()).toBe(200);
    await page.reload();
    await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
    await dismissToasts(page);
    await page.evaluate(() => {
      const record: string[] = [];
      (window as unknown as { __pop: string[] }).__pop = record;
      const balance = document.querySelector('.board-stats__balance')!;
      new MutationObserver(() => {
        const value = balance.querySelector('.board-stats__value')!;
        if (balance.classList.contains('is-up')) {
          record.push(
            `${getComputedStyle(value).animationName}:${getComputedStyle(balance).getPropertyValue('--pop')}`,
          );
        }
      }).observe(balance, { attributes: true, attributeFilter: ['class'] });
    });
    const result = await rollWith(page, () => rollButton(page).click());
    expect(result.die).toBe(2);
    expect(result.reward).toBeGreaterThan(0);
    await expect(page.getByTestId('reward-card')).toContainText(`+${result.reward} GOGO`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __pop: string[] }).__pop.length))
      .toBeGreaterThan(0);
    const [pop] = await page.evaluate(() => (window as unknown as { __pop: string[] }).__pop);
    const [name, size] = pop!.split(':');
    expect(name).toBe('balance-pop');
    expect(Number(size)).toBeGreaterThan(1.08);
    // The win sound's pitch: above the recorded one, for +10 GOGO.
    const tone = Number(await boardFrame(page).getAttribute('data-win-tone'));
    expect(tone).toBeGreaterThan(1);
    await expect(page.getByTestId('hud-balance')).toHaveText(String(result.state.balance));
  });

  test('Fast rolls halves the step time and is remembered', async ({ page }, testInfo) => {
    const player = await openGame(page);
    await dismissToasts(page);
    await page.evaluate(() => window.dispatchEvent(new Event('game:openSettings')));
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Gameplay' }).click();
    const fast = dialog.getByRole('switch', { name: /Fast rolls/ });
    await expect(fast).not.toBeChecked();
    await fast.click();
    await expect(fast).toBeChecked();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
    await dismissToasts(page);
    // A 6 from Start: six steps, each timed as the token reaches it.
    await setClientSeed(page, player, seedForRolls(player.user.id, [{ die: 6 }]));
    await page.evaluate(() => {
      const times: number[] = [];
      (window as unknown as { __steps: number[] }).__steps = times;
      const frame = document.querySelector('.board-frame')!;
      new MutationObserver((records) => {
        for (const record of records) if (record.attributeName) times.push(performance.now());
      }).observe(frame, {
        attributes: true,
        attributeFilter: ['data-token-position'],
      });
    });
    const result = await rollWith(page, () => rollButton(page).click());
    await expect(boardFrame(page)).toHaveAttribute('data-token-position', String(result.to), { timeout: 10_000 });
    const steps = await page.evaluate(() => (window as unknown as { __steps: number[] }).__steps);
    expect(result.die).toBe(6);
    expect(steps.length, JSON.stringify(steps)).toBeGreaterThanOrEqual(6);
    // Six steps at 190 ms (the spec's 380 halved): the walk from the first step to the last takes
    // five beats. Timing means something only when the browser has its cores (as for frame times).
    const span = steps[steps.length - 1]! - steps[0]!;
    testInfo.annotations.push({ type: 'tempo', description: `six steps in ${span.toFixed(0)} ms` });
    if (loadavg()[0]! <= cpus().length) expect(span).toBeLessThan(5 * 380 - 200);
    await page.evaluate(() => window.dispatchEvent(new Event('game:openSettings')));
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Gameplay' }).click();
    await expect(page.getByRole('switch', { name: /Fast rolls/ })).toBeChecked();
  });
});

test('the card headlines the roll\u2019s biggest gain and lists the tile\u2019s', async ({ page }) => {
  const player = await openGame(page);
  await dismissToasts(page);
  // A 4 from Start to Airdrop for +12 GOGO, and the First Roll achievement's +50.
  await fixRoll(page, player, { nonce: 0, from: 0 }, { die: 4, rawReward: 120 });
  await rollWith(page, () => rollButton(page).click());
  const card = page.getByRole('dialog', { name: 'Achievement unlocked!' });
  await expect(card.getByTestId('reward-amount')).toHaveText('+50 GOGO');
  await expect(card.getByTestId('summary-prize-from')).toHaveText('First Roll unlocked');
  await expect(card.getByRole('list')).toContainText('Rolled a 4: Airdrop +12 GOGO');
  await expect(card.getByRole('list')).not.toContainText('First Roll');
});

test('the daily button is named "Daily dice"', async ({ page }) => {
  await openGame(page);
  await expect(page.getByRole('button', { name: 'Daily dice', exact: true }).first()).toBeVisible();
  await expect(page.getByText('Test Daily Dice Roll')).toHaveCount(0);
});

/** Board 1 built to one level short of complete, and the page opened on it. */
async function almostCompleteBoard(page: Page): Promise<{ player: GamePlayer; last: number }> {
  const player = await openGame(page);
  await fundPlayer(page, player, 20_000);
  const last = await buildBoardOneAlmost(page, player);
  await page.reload();
  await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
  await dismissToasts(page);
  return { player, last };
}

test('completing a board takes the screen: its buildings, the bonus, then the next board', async ({ page }) => {
  test.setTimeout(90_000);
  const { last } = await almostCompleteBoard(page);
  await page.getByTestId('open-build').first().click();
  const sheet = page.getByRole('dialog', { name: 'Build' });
  await sheet
    .getByTestId(`build-row-${last}`)
    .getByRole('button', { name: `Upgrade for ${upgradeCost(1, 4)} GOGO` })
    .click();
  const done = page.getByRole('dialog', { name: 'Crypto City complete!' });
  await expect(done).toBeVisible();
  await expect(sheet).toHaveCount(0);
  const viewport = page.viewportSize()!;
  const screen = (await page.getByTestId('board-complete').boundingBox())!;
  expect(screen.width).toBeCloseTo(viewport.width, 0);
  expect(screen.height).toBeCloseTo(viewport.height, 0);
  await expect(done.locator('.board-complete__skyline li')).toHaveCount(8);
  await expect(done).toContainText('Uniswap Way');
  await expect(done.getByTestId('board-complete-gogo')).toHaveText('+500 GOGO');
  await expect(done).toContainText('+50 dice');
  await done.getByRole('button', { name: 'On to DeFi Harbour' }).click();
  await expect(done).toHaveCount(0);
  await expect(boardFrame(page)).toHaveAttribute('data-board-look', /^2:harbour:/);
  // The next board is a new place: the harbour's own scene behind the board, not the city's skyline.
  await expect(page.locator('.board-area')).toHaveCSS('background-image', /harbour\.svg/);
  await expect(page.locator('.board-area')).not.toHaveCSS('background-image', /skyline\.svg/);
});

test('on board 2 every text of a roll names board 2\u2019s tile', async ({ page }) => {
  test.setTimeout(90_000);
  const { player, last } = await almostCompleteBoard(page);
  const res = await page.request.post(`/api/board/properties/${last}/upgrade`, {
    headers: { authorization: `Bearer ${player.token}` },
    data: { requestId: randomUUID(), level: 4 },
  });
  expect(res.status()).toBe(200);
  await expect(boardFrame(page)).toHaveAttribute('data-board-look', /^2:harbour:/, { timeout: 10_000 });
  await dismissToasts(page);
  // A 3 from Start lands on tile 17: Uniswap Way on board 1, Bridge Terminal on board 2.
  await fixRoll(page, player, { nonce: 0, from: 0 }, { die: 3, rawReward: 100 });
  const result = await rollWith(page, () => rollButton(page).click());
  expect(result.tile.name).toBe('Bridge Terminal');
  expect(result.state.recentMoves[0]?.tileName).toBe('Bridge Terminal');
  const card = page.getByRole('dialog', { name: 'Achievement unlocked!' });
  await expect(card).toContainText('Rolled a 3: Bridge Terminal');
  await expect(card).not.toContainText('Uniswap Way');
  const history = await page.request.get(`/api/user/game-history/${player.user.id}`, {
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(history.status()).toBe(200);
  const rolls = (await history.json()).data.rolls as Array<{ tileName: string }>;
  expect(rolls[0]?.tileName).toBe('Bridge Terminal');
});
