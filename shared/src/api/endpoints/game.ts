import { endpoint } from '../endpoint.js';
import { DiceBalanceResponse, GameStateResponse, RollRequest, RollResponse } from '../game.js';
import { GameStatePutBody } from '../game-state.js';

// The board: rolls, the game state, progress reset and the dice balance.

const ROLL_DESCRIPTION =
  'Spends one dice roll and moves the token; the server draws the die from the provably-fair seed (GET ' +
  "/api/fairness; see docs/adr, 'Dice are drawn from a provably fair seed'). 429 ROLL_COOLDOWN within 1 s of the " +
  'last roll, 400 NO_ROLLS without dice. A repeated requestId answers the first roll again (header ' +
  'x-roll-replayed: 1) and spends nothing.';

export const roll = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/game/roll',
  auth: 'player',
  tags: ['game'],
  summary: 'Roll the die',
  description: ROLL_DESCRIPTION,
  body: RollRequest,
  response: RollResponse,
});

export const rollAlias = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/dice-rolls/use',
  auth: 'player',
  tags: ['game'],
  summary: 'Roll the die (alias of POST /api/game/roll)',
  description: ROLL_DESCRIPTION,
  body: RollRequest,
  response: RollResponse,
});

export const gameState = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/game-state/state',
  auth: 'player',
  tags: ['game'],
  summary: "The player's game state",
  response: GameStateResponse,
});

export const saveGameState = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/api/game-state/state',
  auth: 'player',
  tags: ['game'],
  summary: 'Save the game state (compatibility: values are ignored)',
  description:
    'Kept for the spec body shape. The server is the authority on every value (balances, position, XP, ' +
    "level; see docs/adr, 'The server decides everything of value'): nothing sent here is stored; the answer is the " +
    'server state.',
  body: GameStatePutBody,
  response: GameStateResponse,
});

export const resetProgress = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/api/game-state/state',
  auth: 'player',
  tags: ['game'],
  summary: 'Reset progress (never balances)',
  description:
    'Position, XP, level, laps, counters, moves and achievements start over. GOGO and dice rolls are ' +
    'unchanged, and an achievement whose reward was already paid is not paid again.',
  response: GameStateResponse,
});

export const diceBalance = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/dice-rolls/balance',
  auth: 'player',
  tags: ['game'],
  summary: 'Dice rolls remaining, purchased and used',
  response: DiceBalanceResponse,
});
