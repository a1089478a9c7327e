import { gogoFromRaw, rawRewardRange, type TileType } from '@gogo/shared/rules';
import { gameScreenText } from '@gogo/shared/messages/game';

/** GOGO amounts ('12,345', the shared texts' formatCount) and dollars ('$0.10', lib/plainFormat.ts). */
export { formatCount as formatGogo } from '@gogo/shared/messages';
export { formatUsd } from '../../lib/plainFormat';

/** What landing on a tile of this type does, in GOGO, from the same ranges the server draws from. */
export function tileTypeDescription(type: TileType): string {
  const { min, max } = rawRewardRange(type);
  const low = gogoFromRaw(min);
  const high = gogoFromRaw(max);
  switch (type) {
    case 'START':
      return gameScreenText.tile.start(low);
    case 'PROPERTY':
      return gameScreenText.tile.property(low, high);
    case 'CHANCE':
      return gameScreenText.tile.chance(low, high);
    case 'PENALTY':
      return gameScreenText.tile.penalty(low, high);
    case 'JACKPOT':
      return gameScreenText.tile.jackpot(low, high);
  }
}
