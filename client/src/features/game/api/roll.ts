import * as game from '@gogo/shared/api/endpoints/game';
import type { DiceMultiplier } from '@gogo/shared/rules';
import { call } from '../../../lib/api/call';

/**
 * POST /api/game/roll. The request id makes a retry safe: the server answers the first roll again
 * and never spends a second die. 429 ROLL_COOLDOWN, 400 NO_ROLLS and MULTIPLIER_LOCKED come back as ApiError.
 */
export function postRoll(requestId: string, multiplier: DiceMultiplier = 1, signal?: AbortSignal) {
  // x1 is the default: the body stays as it was for a plain roll.
  const body = multiplier === 1 ? { requestId } : { requestId, multiplier };
  return call(game.roll, { body, signal, timeoutMs: 10_000 });
}

export function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
