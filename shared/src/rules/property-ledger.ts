import { BOARDS } from './properties.js';

/**
 * Readable descriptions of the ledger reasons of the property game: 'upgrade:1:5:2' (board, tile,
 * level), 'board_complete:1', 'level_up:7' and 'lap'. Null for any other reason.
 */
export function describePropertyReason(reason: string): string | null {
  const [kind, ...parts] = reason.split(':');
  const numbers = parts.map(Number);
  if (kind === 'upgrade' && numbers.length === 3) {
    const [boardNumber = 0, tileId = 0, level = 0] = numbers;
    const name = BOARDS[boardNumber - 1]?.propertyNames[tileId];
    if (name) return level === 1 ? `Bought ${name}` : `Upgraded ${name} to level ${level}`;
  }
  if (kind === 'board_complete' && numbers.length === 1) {
    const board = BOARDS[(numbers[0] ?? 0) - 1];
    if (board) return `Board completed: ${board.name}`;
  }
  if (kind === 'level_up' && numbers.length === 1 && Number.isInteger(numbers[0])) {
    return `Level ${numbers[0]} reached`;
  }
  return null;
}
