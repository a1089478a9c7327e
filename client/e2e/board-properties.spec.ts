import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { PROPERTY_TILE_IDS, upgradeCost } from '@gogo/shared/rules';
import {
  boardCanvas,
  boardFrame,
  clientSeedFor,
  dismissToasts,
  openGame,
  rollWith,
  type GamePlayer,
} from './game-support';
import { fundPlayer } from './payoff-support';

// Properties on the board itself: what a player owns is drawn on its tile, a building that grows
// with each level, at once after an upgrade (in this tab and, through the realtime push, in another);
// a completed board moves to the next board's art. The frame's data-board-look is what the canvas
// last drew (game/look.ts lookKey: "board:art:scheme:levels of the eight properties by tile id").

/**
 * fundPlayer() with the board open: the approval's dice reach the board (by the socket, or by the check
 * made when the tab is shown again), and their card comes and is closed before the board is shot.
 */
async function fundOpenBoard(page: Page, player: GamePlayer, gogo: number) {
  await fundPlayer(page, player, gogo);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(boardFrame(page)).toHaveAttribute('data-celebration', 'dice-arrived', { timeout: 10_000 });
  await page
    .locator('.reward-card')
    .click({ timeout: 2000 })
    .catch(() => {}); // it may close on its own meanwhile
  await expect(boardFrame(page)).toHaveAttribute('data-celebration', 'none');
}

/** Buys levels of a property through the API, one level at a time, up to `level`. */
async function buildTo(page: Page, player: GamePlayer, tileId: number, from: number, level: number) {
  for (let next = from + 1; next <= level; next += 1) {
    const res = await page.request.post(`/api/board/properties/${tileId}/upgrade`, {
      headers: { authorization: `Bearer ${player.token}` },
      data: { requestId: randomUUID(), level: next },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The look key for board 1 in the dark scheme with these levels by tile id. */
function cityLook(levels: Record<number, number>, scheme = 'dark'): string {
  return `1:city:${scheme}:${PROPERTY_TILE_IDS.map((id) => levels[id] ?? 0).join(',')}`;
}

test('buy a property, see its building grow on the board, land on it for a bigger reward', async ({ page }) => {
  test.setTimeout(90_000);
  const player = await openGame(page);
  await expect(boardFrame(page)).toHaveAttribute('data-board-look', cityLook({}));
  // The first roll is fixed: a 3 from Start to Uniswap Way (tile 17) with 100 raw, 10 GOGO unowned.
  const clientSeed = clientSeedFor(player.user.id, { nonce: 0, from: 0 }, { die: 3, rawReward: 100 });
  const seed = await page.request.put('/api/fairness/client-seed', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { clientSeed },
  });
  expect(seed.status()).toBe(200);
  await fundOpenBoard(page, player, 5000);
  // Three properties at levels 1 to 3 through the API: the board shows them as the pushes arrive.
  await buildTo(page, player, 10, 0, 1);
  await buildTo(page, player, 13, 0, 2);
  await buildTo(page, player, 15, 0, 3);
  await expect(boardFrame(page)).toHaveAttribute('data-board-look', cityLook({ 10: 1, 13: 2, 15: 3 }));

  // Uniswap Way bought and built to the top in the Build sheet, a tap a level.
  await dismissToasts(page);
  await page.getByTestId('open-build').click();
  const sheet = page.getByRole('dialog', { name: 'Build' });
  const row = sheet.getByTestId('build-row-17');
  await row.getByRole('button', { name: `Buy for ${upgradeCost(1, 1)} GOGO` }).click();
  await expect(row).toHaveAttribute('data-level', '1');
  await expect(boardFrame(page)).toHaveAttribute('data-board-look', cityLook({ 10: 1, 13: 2, 15: 3, 17: 1 }));
  for (const level of [2, 3, 4]) {
    const cost = upgradeCost(1, level);
    await row.getByRole('button', { name: `Upgrade for ${cost} GOGO` }).click();
    await expect(row).toHaveAttribute('data-level', String(level));
  }
  await expect(boardFrame(page)).toHaveAttribute('data-board-look', cityLook({ 10: 1, 13: 2, 15: 3, 17: 4 }));
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);
  await dismissToasts(page);
  await page.mouse.move(0, 0);
  // Four levels side by side: a cottage, a house, a block, a tower (and the owned ring and "x12").
  await expect(boardCanvas(page)).toHaveScreenshot('board-buildings.png');

  // Landing on the level-4 property pays 12 times its reward.
  const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
  expect(result).toMatchObject({ die: 3, to: 17, reward: 120 });
  await expect(page.getByTestId('reward-amount').first()).toHaveText('+120 GOGO');
});

test(
  'another tab sees the building at once; a completed board moves to the next board\u2019s art',
  { tag: '@desktop' },
  async ({ page, context }) => {
    test.setTimeout(90_000);
    const player = await openGame(page);
    // Funded while this tab is the one shown: a hidden tab keeps its cards until it is shown again.
    await fundOpenBoard(page, player, 20_000);
    const other = await context.newPage();
    await other.goto('/game');
    await expect(boardFrame(other)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
    await buildTo(page, player, 1, 0, 2);
    await expect(boardFrame(other)).toHaveAttribute('data-board-look', cityLook({ 1: 2 }));
    // Every property to level 4: board 1 is complete and the player moves on to DeFi Harbour.
    for (const id of PROPERTY_TILE_IDS) await buildTo(page, player, id, id === 1 ? 2 : 0, 4);
    const harbour = `2:harbour:dark:${PROPERTY_TILE_IDS.map(() => 0).join(',')}`;
    await expect(boardFrame(page)).toHaveAttribute('data-board-look', harbour);
    await expect(boardFrame(other)).toHaveAttribute('data-board-look', harbour);
    await other.close();
    // The harbour's own ground, roofs and names, nothing built yet.
    await expect(page.getByTestId('open-build')).toHaveText('Build (0/8)');
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
    await expect(boardCanvas(page)).toHaveScreenshot('board-harbour.png');
  },
);

test.describe('light theme', () => {
  test.use({ colorScheme: 'light' });
  test('the board follows the light theme, and switches live', async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('gogo.settings')) {
        localStorage.setItem(
          'gogo.settings',
          JSON.stringify({ gameplay: { showTutorial: false }, display: { theme: 'auto' } }),
        );
      }
    });
    await openGame(page);
    await expect(boardFrame(page)).toHaveAttribute('data-board-look', cityLook({}, 'light'));
    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await expect(boardCanvas(page)).toHaveScreenshot('board-light.png');
    // The system turns dark: 'auto' follows, and the board with it, without a reload.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(boardFrame(page)).toHaveAttribute('data-board-look', cityLook({}, 'dark'));
  });
});
