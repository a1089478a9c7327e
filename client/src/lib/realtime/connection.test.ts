import { describe, expect, it } from 'vitest';
import { WsCloseCode } from '@gogo/shared/api';
import { BACKOFF, backoffDelay, createRealtimeConnection } from './connection';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverClose(code: number) {
    this.onclose?.({ code });
  }
}

function setup() {
  FakeSocket.all = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const received: unknown[] = [];
  const connection = createRealtimeConnection({
    url: () => 'ws://test/api/ws',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 1,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
  });
  connection.onMessage((m) => received.push(m));
  const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
  const runRetry = () => {
    const t = timers.filter((x) => !x.cleared && x.ms !== 25_000).pop()!;
    t.cleared = true;
    t.fn();
    return t.ms;
  };
  return { connection, timers, received, last, runRetry };
}

describe('realtime connection', () => {
  it('authenticates with the first message and is live once the server is ready', () => {
    const { connection, last, received } = setup();
    connection.use('player-token');
    expect(connection.status()).toBe('connecting');
    last().open();
    expect(JSON.parse(last().sent[0]!)).toEqual({ type: 'auth', token: 'player-token' });
    last().push({ type: 'ready', role: 'player', data: {}, at: 'now' });
    expect(connection.status()).toBe('live');
    last().push({ type: 'state', data: { balance: 5 }, at: 'now' });
    expect(received).toHaveLength(2);
  });

  it('reconnects with doubling, capped delays and falls back to polling after a few failures', () => {
    const { connection, last, runRetry } = setup();
    connection.use('t');
    const delays: number[] = [];
    const statuses: string[] = [];
    for (let i = 0; i < 8; i++) {
      last().serverClose(1006);
      statuses.push(connection.status());
      delays.push(runRetry());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(statuses.slice(0, 2)).toEqual(['connecting', 'connecting']);
    expect(statuses.slice(BACKOFF.fallbackAfter - 1).every((s) => s === 'polling')).toBe(true);
    // Once it opens again, it is live and the backoff starts over.
    last().open();
    last().push({ type: 'ready', role: 'player', data: {}, at: 'now' });
    expect(connection.status()).toBe('live');
    last().serverClose(1001);
    expect(runRetry()).toBe(1000);
  });

  it('jitters each delay between half and all of its ceiling', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF.maxMs);
  });

  it('does not retry a token the server refused for good (4401) or a tab replaced by newer ones (4409)', () => {
    for (const code of [WsCloseCode.UNAUTHORIZED, WsCloseCode.REPLACED]) {
      const { connection, last, timers } = setup();
      connection.use('old');
      last().open();
      last().serverClose(code);
      expect(connection.status()).toBe('polling');
      expect(timers.filter((t) => !t.cleared)).toHaveLength(0);
      connection.use('old');
      expect(FakeSocket.all).toHaveLength(1);
      connection.use('new-token');
      expect(FakeSocket.all).toHaveLength(2);
    }
  });

  it('closes on sign-out and opens one socket per token change', () => {
    const { connection, last } = setup();
    connection.use('a');
    const first = last();
    connection.use('a');
    expect(FakeSocket.all).toHaveLength(1);
    connection.use(null);
    expect(first.closed).toBe(true);
    expect(connection.status()).toBe('off');
  });
});
