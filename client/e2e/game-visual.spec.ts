import { expect, test } from './fixtures';
import {
  boardCanvas,
  boardFrame,
  clientSeedFor,
  closeRollDialogs,
  dismissToasts,
  expectRollShown,
  openGame,
  rollWith,
} from './game-support';

// Screenshots of the board canvas with reduced motion (no tumble, no particles, no bobbing die) on
// a deterministic seed: the client seed is chosen so that the first roll is a 4 from Start to
// Airdrop (a CHANCE tile) with a raw reward of 120, so +12 GOGO, whatever the player's id.

test('the board before and after a deterministic roll', async ({ page }) => {
  const player = await openGame(page);
  await dismissToasts(page);
  await page.mouse.move(0, 0);
  await expect(boardCanvas(page)).toHaveScreenshot('board-start-pawn.png');

  const clientSeed = clientSeedFor(player.user.id, { nonce: 0, from: 0 }, { die: 4, rawReward: 120 });
  const res = await page.request.put('/api/fairness/client-seed', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { clientSeed },
  });
  expect(res.status()).toBe(200);

  const result = await rollWith(page, () => page.getByRole('button', { name: 'Roll dice' }).click());
  expect(result.die).toBe(4);
  expect(result.to).toBe(16);
  expect(result.reward).toBe(12);
  await expect(page.getByTestId('hud-balance')).toHaveText('112'); // 50 login bonus + 50 first roll + 12
  await expectRollShown(page, result);
  await closeRollDialogs(page);
  await dismissToasts(page);
  await page.mouse.move(0, 0);
  await expect(boardFrame(page)).toHaveAttribute('data-token-position', '16');
  await expect(boardCanvas(page)).toHaveScreenshot('board-after-roll-4-pawn.png');
});

// A phone's landscape layout: '@phone' keeps this to the phone project (touch, its device scale).
test('a phone held sideways: the whole board, the play column and the rail', { tag: '@phone' }, async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 });
  await openGame(page);
  await dismissToasts(page);
  await page.mouse.move(0, 0);
  // The player's generated name changes every run.
  await expect(page).toHaveScreenshot('game-landscape-844x390.png', { mask: [page.locator('.game-header__player')] });
});
