import { Type, type Static } from 'typebox';
import { BOARD_SIZE } from '../rules/tiles.js';
import { Ok } from './envelope.js';

/** The property game's contract: a player's own board, its properties, and buying a level. */
export const BoardErrorCode = {
  /** 400: the tile id is not one of the 8 properties. */
  NOT_A_PROPERTY: 'NOT_A_PROPERTY',
  /** 409: the property is at level 4 already. */
  MAX_LEVEL: 'MAX_LEVEL',
  /** 409: the level asked for was bought meanwhile (another tab or device). */
  LEVEL_ALREADY_BUILT: 'LEVEL_ALREADY_BUILT',
} as const;

export const PropertyDto = Type.Object({
  tileId: Type.Integer({ minimum: 0, maximum: BOARD_SIZE - 1 }),
  name: Type.String(),
  level: Type.Integer({ minimum: 0, description: '0 when not owned' }),
  maxLevel: Type.Integer(),
  upgradeCost: Type.Union([Type.Integer(), Type.Null()], {
    description: 'GOGO for the next level; null at the maximum',
  }),
  rewardMultiplier: Type.Integer({ description: "the tile reward's multiplier now (1 when not owned)" }),
  nextRewardMultiplier: Type.Union([Type.Integer(), Type.Null()], { description: 'once the next level is built' }),
});
export type PropertyDto = Static<typeof PropertyDto>;

export const BoardInfoDto = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  theme: Type.String({ description: "art key of the board's theme" }),
});

export const BoardDto = Type.Object({
  board: BoardInfoDto,
  properties: Type.Array(PropertyDto),
  completed: Type.Boolean({ description: 'the last board, every property at the maximum level' }),
});
export type BoardDto = Static<typeof BoardDto>;

export const TileIdParams = Type.Object({
  tileId: Type.Integer({ minimum: 0, maximum: 1000, description: 'a property tile id (1, 3, 5, 7, 10, 13, 15, 17)' }),
});

export const UpgradeBody = Type.Object({
  requestId: Type.String({ minLength: 1, maxLength: 100, description: 'the same id twice spends once' }),
  level: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 4,
      description: 'the level the player means to buy: 409 LEVEL_ALREADY_BUILT when the property has it already',
    }),
  ),
});
export type UpgradeBody = Static<typeof UpgradeBody>;

export const BoardCompletionDto = Type.Object({
  number: Type.Integer(),
  name: Type.String(),
  dice: Type.Integer({ description: 'dice paid for completing it' }),
  gogo: Type.Integer({ description: 'GOGO paid for completing it' }),
});

export const UpgradeResult = Type.Object({
  property: PropertyDto,
  /** The level bought and its board (the property above is on the board the player is on now). */
  bought: Type.Object({
    boardNumber: Type.Integer(),
    tileId: Type.Integer(),
    level: Type.Integer(),
    cost: Type.Integer(),
  }),
  balance: Type.Integer({ minimum: 0 }),
  diceRollsRemaining: Type.Integer({ minimum: 0 }),
  board: BoardDto,
  completedBoard: Type.Union([BoardCompletionDto, Type.Null()]),
});
export type UpgradeResult = Static<typeof UpgradeResult>;

export const BoardResponse = Ok(BoardDto);
export const UpgradeResponse = Ok(UpgradeResult);
