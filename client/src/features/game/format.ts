import { gogoFromRaw, rawRewardRange, type TileType } from '@gogo/shared/rules';

export function formatGogo(amount: number): string {
  return amount.toLocaleString('en-US');
}

export function formatUsd(amount: number): string {
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** What landing on a tile of this type does, in GOGO, from the same ranges the server draws from. */
export function tileTypeDescription(type: TileType): string {
  const { min, max } = rawRewardRange(type);
  const low = gogoFromRaw(min);
  const high = gogoFromRaw(max);
  switch (type) {
    case 'START':
      return `Collect +${low} GOGO. Ending a move here completes a lap (+10 XP).`;
    case 'PROPERTY':
      return `Collect between +${low} and +${high} GOGO.`;
    case 'CHANCE':
      return `Anything can happen: from ${low} to +${high} GOGO.`;
    case 'PENALTY':
      return `Pay between ${-high} and ${-low} GOGO (your balance never goes below 0).`;
    case 'JACKPOT':
      return `Win between +${low} and +${high} GOGO, with double XP.`;
  }
}
