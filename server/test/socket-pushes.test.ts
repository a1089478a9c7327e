import { describe, expect, it } from 'vitest';
import type { WsServerMessage } from '@gogo/shared/api';
import { pushBreach } from './realtime-helpers.js';

const at = '2026-01-15T12:00:00.000Z';
const message = (value: unknown) => value as WsServerMessage;

// The socket tests check every pushed frame against its kind's declaration (realtime-helpers.ts):
// this shows that check failing where it should.
describe('pushes checked against their declaration (shared/src/api/socket-pushes.ts)', () => {
  it('passes a push of the declared shape to the declared audience', () => {
    const overtake = message({ type: 'overtake', data: { userId: 4, username: 'ann' }, at });
    expect(pushBreach(overtake, 'player')).toBeNull();
    expect(pushBreach(message({ type: 'resync', data: {}, at }), 'admin')).toBeNull();
    // The socket's own messages are not pushes.
    expect(pushBreach(message({ type: 'pong', data: {}, at }), 'player')).toBeNull();
  });

  it('fails a payload of another shape', () => {
    const breach = pushBreach(message({ type: 'overtake', data: { userId: '4', username: 'ann' }, at }), 'player');
    expect(breach).toContain('"overtake" payload breaks its schema');
    expect(breach).toContain('/userId');
    const kind = pushBreach(message({ type: 'friend', data: { kind: 'waved', userId: 1 }, at }), 'player');
    expect(kind).toContain('"friend" payload breaks its schema');
  });

  it('fails a push sent to a socket of a role it is not for', () => {
    const queue = message({ type: 'queue', data: { kind: 'deposit', transactionId: 7, status: 'pending' }, at });
    expect(pushBreach(queue, 'admin')).toBeNull();
    expect(pushBreach(queue, 'player')).toBe(`"queue" is for admin sockets, sent to a player's`);
  });
});
