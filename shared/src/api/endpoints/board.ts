import { endpoint } from '../endpoint.js';
import { BoardResponse, TileIdParams, UpgradeBody, UpgradeResponse } from '../board.js';

// The player's own board of properties (shared/src/rules/properties.ts, docs/economy.md).

export const board = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/board',
  auth: 'player',
  tags: ['board'],
  summary: "The player's board: its properties, levels, next costs and reward multipliers",
  response: BoardResponse,
});

export const upgradeProperty = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/board/properties/:tileId/upgrade',
  auth: 'player',
  tags: ['board'],
  summary: 'Buy the next level of a property with GOGO',
  description:
    'One ledger entry of type upgrade. 400 INSUFFICIENT_BALANCE when the balance does not cover the cost ' +
    '(nothing changes), 409 MAX_LEVEL at level 4, 400 NOT_A_PROPERTY for any other tile, 409 ' +
    'LEVEL_ALREADY_BUILT when `level` is given and already built. A repeated requestId spends once and ' +
    'answers the board as it is (header x-upgrade-replayed: 1). The upgrade that puts all 8 properties at ' +
    'level 4 pays the board bonus and moves the player to the next board.',
  params: TileIdParams,
  body: UpgradeBody,
  response: UpgradeResponse,
});
