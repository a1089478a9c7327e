import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createListeners, RESYNC_EVENT, type BusEvent, type EventBus } from './events.js';
import { createListenConnection } from './listen-connection.js';

/**
 * The event bus across instances on PostgreSQL: committed events are sent with NOTIFY on one
 * channel, and every instance LISTENs on a dedicated connection of its own (a pooled connection
 * cannot hold a LISTEN: the pool hands it to other queries and closes it when idle).
 *
 * - The publishing instance delivers to its own subscribers at once and skips its own notifications
 *   when they come back (each payload names its origin).
 * - A NOTIFY payload must stay under 8,000 bytes: events carry ids only, and a batch that would be
 *   larger is split.
 * - The LISTEN connection is open only while the instance has subscribers (its sockets): PostgreSQL
 *   runs a transaction in a listening backend each time it takes in notifications, which an instance
 *   without sockets would pay for nothing. A subscriber waits for it with `whenListening()` before it
 *   tells a client that it is live.
 * - The LISTEN connection is watched (TCP keep-alive and a ping every 30 s); when it drops it is
 *   opened again with exponential backoff, and the instance's subscribers then get a `resync` event:
 *   notifications sent while it was away are lost, so what the sockets show must be read again.
 */
export const NOTIFY_CHANNEL = 'gogo_events';
/** PostgreSQL refuses payloads of 8,000 bytes or more; keep a margin for the envelope. */
export const MAX_PAYLOAD_BYTES = 7_500;

export interface NotifyBusOptions {
  url: string;
  /** Publishing borrows a pooled connection for one `SELECT pg_notify(...)`. */
  pool: pg.Pool;
  onError?: (err: unknown) => void;
  /** Told when the LISTEN connection is (re)established or lost: for logs and tests. */
  onListenState?: (state: 'listening' | 'lost') => void;
}

interface Envelope {
  /** The publishing instance. */
  o: string;
  e: BusEvent[];
}

/** Splits a batch so that each NOTIFY payload stays under the limit. */
export function payloadsOf(origin: string, events: readonly BusEvent[]): string[] {
  const out: string[] = [];
  let batch: BusEvent[] = [];
  const encode = (e: BusEvent[]) => JSON.stringify({ o: origin, e } satisfies Envelope);
  for (const event of events) {
    const next = encode([...batch, event]);
    if (Buffer.byteLength(next) <= MAX_PAYLOAD_BYTES) {
      batch.push(event);
      continue;
    }
    if (batch.length > 0) out.push(encode(batch));
    if (Buffer.byteLength(encode([event])) > MAX_PAYLOAD_BYTES) {
      throw new Error(`realtime event ${event.type} is too large for NOTIFY: publish ids, not data`);
    }
    batch = [event];
  }
  if (batch.length > 0) out.push(encode(batch));
  return out;
}

export interface NotifyBus extends EventBus {
  listenState(): 'up' | 'down' | 'idle';
  whenListening(): Promise<void>;
  /**
   * The NOTIFY payloads of a transaction's events, to send with `SELECT pg_notify(channel, payload)`
   * on the transaction's own connection before its COMMIT (PostgreSQL delivers them on COMMIT, never
   * after a rollback). Empty once the bus is closed or when an event is too large (reported).
   */
  payloadsOf(events: readonly BusEvent[]): string[];
  /** Hands a committed transaction's events to this instance's subscribers (its NOTIFY skips them). */
  deliverLocal(events: readonly BusEvent[]): void;
}

export function createNotifyBus(options: NotifyBusOptions): NotifyBus {
  const report = options.onError ?? ((err: unknown) => console.error('realtime bus (PostgreSQL)', err));
  const origin = randomUUID();
  const listeners = createListeners(report);
  let closed = false;

  function onNotification(message: pg.Notification) {
    if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch (err) {
      report(err);
      return;
    }
    if (envelope.o === origin || !Array.isArray(envelope.e)) return; // ours: delivered at publish
    listeners.deliver(envelope.e);
  }

  const connection = createListenConnection({
    url: options.url,
    channel: NOTIFY_CHANNEL,
    onNotification,
    // Notifications sent while we were not listening are lost: our sockets must read again. The first
    // connection of a period needs none: its subscribers wait for it (whenListening) before going live.
    onUp: (afterGap) => {
      if (afterGap) listeners.deliver([RESYNC_EVENT]);
    },
    report,
    onListenState: options.onListenState,
  });

  return {
    transport: 'postgres',
    listenState: () => (connection.isUp() ? 'up' : connection.isWanted() ? 'down' : 'idle'),
    whenListening: () => connection.whenUp(),
    payloadsOf(events) {
      if (closed || events.length === 0) return [];
      try {
        return payloadsOf(origin, events);
      } catch (err) {
        report(err);
        return [];
      }
    },
    deliverLocal: (events) => listeners.deliver(events),
    publish(events) {
      if (events.length === 0) return;
      listeners.deliver(events);
      if (closed) return;
      let payloads: string[];
      try {
        payloads = payloadsOf(origin, events);
      } catch (err) {
        report(err);
        return;
      }
      for (const payload of payloads) {
        options.pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]).catch(report);
      }
    },
    subscribe(listener) {
      // The LISTEN connection is open while this instance has subscribers (its sockets): an idle
      // listening backend still runs a transaction each time it takes in notifications, for nobody.
      // CLI tools and instances without sockets hold none; publishing never needs one.
      const remove = listeners.add(listener);
      if (!closed) connection.start();
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        remove();
        if (listeners.size() === 0) void connection.stop();
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await connection.stop();
    },
  };
}
