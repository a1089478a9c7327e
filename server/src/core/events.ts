import type { FriendEventKind } from '@gogo/shared/api';
import type { Tx } from '../db/sql.js';

/**
 * What services publish after a commit (tx.publish, db/events.ts). Ids only: the instance that holds
 * the sockets re-reads the state, the row or the list before it sends anything (docs/realtime.md).
 */
export type QueueKind = 'deposit' | 'withdrawal';

export type RealtimeEvent =
  /** The player's balance, dice, XP or level changed outside their own roll. */
  | { type: 'state'; userId: number }
  /** A row of the player's money history was created or changed status. */
  | { type: 'transaction'; userId: number; transactionId: number }
  /** Something between two players changed: `userId` is told about `otherId`. */
  | { type: 'friend'; userId: number; otherId: number; kind: FriendEventKind }
  /** A player's first socket opened or last socket closed on some instance: told to their friends. */
  | { type: 'presence'; userId: number; online: boolean }
  /** Scores of a live event moved (a roll counted, or someone joined): entrants' ranks are pushed. */
  | { type: 'eventScore'; eventId: number }
  /** A settled event paid the player a prize. */
  | { type: 'eventPrize'; userId: number; eventId: number }
  /** `otherId` passed `userId` in this week's friends race. */
  | { type: 'overtake'; userId: number; otherId: number }
  /** Someone unlocked an achievement: the recent achievements feed changed. */
  | { type: 'achievement' }
  /** The player's on-chain deposits moved: one was seen, gained a confirmation, was credited or dropped. */
  | { type: 'chain'; userId: number }
  /** A deposit or withdrawal became pending or was decided. */
  | { type: 'queue'; kind: QueueKind; transactionId: number; status: string }
  /** The admin dashboard's figures changed. */
  | { type: 'summary' }
  /**
   * The account's tokens were revoked (logout, password reset, deletion): sockets whose token is no
   * longer valid close with 4401. `all`: every socket of the account closes (deactivation).
   */
  | { type: 'revoke'; role: 'player' | 'admin'; accountId: number; all: boolean }
  /** This instance may have missed events (its LISTEN connection was away): read everything again. */
  | { type: 'resync' };

/** Queues an event on the transaction; it leaves after COMMIT. */
export const publish = (tx: Tx, event: RealtimeEvent): void => tx.publish(event);

/**
 * A money request was created or decided: the player's history row, both admin queues' view and the
 * dashboard figures; `balanceMoved` when the same transaction credited, held or refunded.
 */
export function publishMoneyRequest(
  tx: Tx,
  row: { id: number; userId: number; type: string; status: string },
  balanceMoved: boolean,
): void {
  publish(tx, { type: 'transaction', userId: row.userId, transactionId: row.id });
  const kind: QueueKind = row.type === 'withdrawal' ? 'withdrawal' : 'deposit';
  publish(tx, { type: 'queue', kind, transactionId: row.id, status: row.status });
  publish(tx, { type: 'summary' });
  if (balanceMoved) publish(tx, { type: 'state', userId: row.userId });
}

/** Every token of the player stops: their sockets close with 4401 on every instance. */
export const publishRevoke = (tx: Tx, role: 'player' | 'admin', accountId: number, all = false): void =>
  publish(tx, { type: 'revoke', role, accountId, all });
