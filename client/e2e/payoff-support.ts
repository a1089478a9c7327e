import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { PROPERTY_TILE_IDS, PROPERTY_MAX_LEVEL } from '@gogo/shared/rules';
import { adminApiToken } from './admin-support';
import { evmTxHash } from './eligibility';
import { replayRoll } from '@gogo/shared/fairness';
import { clientSeedFor, testServerSeed, type GamePlayer } from './game-support';

/** GOGO (and dice) for a test player the way they arrive: a deposit request an admin approves. */
export async function fundPlayer(page: Page, player: GamePlayer, gogo: number, dice = 5) {
  const auth = { authorization: `Bearer ${player.token}` };
  const deposit = await page.request.post('/api/credits/deposit-request', {
    headers: auth,
    data: { amount: 25.5, cryptoType: 'USDT', cryptoAddress: '0xE2ePlayerWallet', reference: evmTxHash(), note: '' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const { transactionId } = (await deposit.json()).data as { transactionId: number };
  const admin = await adminApiToken(page.request);
  const approve = await page.request.post('/api/admin/approve-deposit', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      transactionId,
      gogoAmount: gogo,
      diceRollsCount: dice,
      adminNote: 'e2e: GOGO to build with',
      reason: 'e2e: GOGO to build with',
    },
  });
  expect(approve.status(), await approve.text()).toBe(200);
}

/** Buys one level of a property through the API. */
export async function buyLevel(page: Page, player: GamePlayer, tileId: number, level: number) {
  const res = await page.request.post(`/api/board/properties/${tileId}/upgrade`, {
    headers: { authorization: `Bearer ${player.token}` },
    data: { requestId: randomUUID(), level },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Builds board 1 through the API up to one level short of complete: every property at the top but
 * the last, which stands one level below it (the Build sheet's next tap completes the board).
 */
export async function buildBoardOneAlmost(page: Page, player: GamePlayer) {
  const last = PROPERTY_TILE_IDS[PROPERTY_TILE_IDS.length - 1]!;
  for (const id of PROPERTY_TILE_IDS) {
    const top = id === last ? PROPERTY_MAX_LEVEL - 1 : PROPERTY_MAX_LEVEL;
    for (let level = 1; level <= top; level += 1) await buyLevel(page, player, id, level);
  }
  return last;
}

/** Makes the player's next roll (its nonce, from its tile) the given die and raw reward. */
export async function fixRoll(
  page: Page,
  player: GamePlayer,
  roll: { nonce: number; from: number },
  want: { die: number; rawReward: number },
) {
  const clientSeed = clientSeedFor(player.user.id, roll, want);
  const res = await page.request.put('/api/fairness/client-seed', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { clientSeed },
  });
  expect(res.status()).toBe(200);
}

/** A client seed whose first rolls from Start are these dice (and raw rewards, where given). */
export function seedForRolls(userId: number, rolls: Array<{ die: number; rawReward?: number }>): string {
  const serverSeed = testServerSeed(userId);
  for (let i = 0; i < 200_000; i += 1) {
    const candidate = `payoff-${i}`;
    let from = 0;
    const fits = rolls.every((want, nonce) => {
      const got = replayRoll({ serverSeed, clientSeed: candidate, nonce, from });
      from = got.to;
      return got.die === want.die && (want.rawReward === undefined || got.rawReward === want.rawReward);
    });
    if (fits) return candidate;
  }
  throw new Error(`no client seed found for ${JSON.stringify(rolls)}`);
}

export async function setClientSeed(page: Page, player: GamePlayer, clientSeed: string) {
  const res = await page.request.put('/api/fairness/client-seed', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { clientSeed },
  });
  expect(res.status()).toBe(200);
}
