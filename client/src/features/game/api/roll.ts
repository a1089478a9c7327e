import * as game from '@gogo/shared/api/endpoints/game';
import { call } from '../../../lib/api/call';

/**
 * POST /api/game/roll. The request id makes a retry safe: the server answers the first roll again
 * and never spends a second die. 429 ROLL_COOLDOWN and 400 NO_ROLLS come back as ApiError.
 */
export function postRoll(requestId: string, signal?: AbortSignal) {
  return call(game.roll, { body: { requestId }, signal, timeoutMs: 10_000 });
}

export function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
