import {
  boardDefinition,
  isBoardComplete,
  nextUpgradeCost,
  PROPERTY_MAX_LEVEL,
  PROPERTY_TILE_IDS,
  propertyLevel,
  rewardMultiplier,
  type PlayerBoard,
} from './properties.js';

export interface PropertyView {
  tileId: number;
  name: string;
  /** 0 when not owned. */
  level: number;
  maxLevel: number;
  /** GOGO for the next level; null at the maximum. */
  upgradeCost: number | null;
  /** The multiplier of this tile's reward now (1 when not owned). */
  rewardMultiplier: number;
  /** The multiplier once the next level is built; null at the maximum. */
  nextRewardMultiplier: number | null;
}

export interface BoardView {
  board: { number: number; name: string; theme: string };
  properties: PropertyView[];
  /** The last board with every property at the maximum (earlier boards are left when completed). */
  completed: boolean;
}

/** What a player sees of their board: names, levels, the next costs and the effect on rewards. */
export function describeProperty(board: PlayerBoard, tileId: number): PropertyView {
  const definition = boardDefinition(board.number);
  const level = propertyLevel(board, tileId);
  const atMax = level >= PROPERTY_MAX_LEVEL;
  return {
    tileId,
    name: definition.propertyNames[tileId] ?? `Property ${tileId}`,
    level,
    maxLevel: PROPERTY_MAX_LEVEL,
    upgradeCost: nextUpgradeCost(board.number, level),
    rewardMultiplier: rewardMultiplier(board.number, level),
    nextRewardMultiplier: atMax ? null : rewardMultiplier(board.number, level + 1),
  };
}

export function describeBoard(board: PlayerBoard): BoardView {
  const definition = boardDefinition(board.number);
  return {
    board: { number: definition.number, name: definition.name, theme: definition.theme },
    properties: PROPERTY_TILE_IDS.map((id) => describeProperty(board, id)),
    completed: isBoardComplete(board),
  };
}
