import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createListeners, RESYNC_EVENT, type BusEvent, type EventBus } from './events.js';

/**
 * The event bus across instances on PostgreSQL: committed events are sent with NOTIFY on one
 * channel, and every instance LISTENs on a dedicated connection of its own (a pooled connection
 * cannot hold a LISTEN: the pool hands it to other queries and closes it when idle).
 *
 * - The publishing instance delivers to its own subscribers at once and skips its own notifications
 *   when they come back (each payload names its origin).
 * - A NOTIFY payload must stay under 8,000 bytes: events carry ids only, and a batch that would be
 *   larger is split.
 * - The LISTEN connection is watched (TCP keep-alive and a ping every 30 s); when it drops it is
 *   opened again with exponential backoff, and the instance's subscribers then get a `resync` event:
 *   notifications sent while it was away are lost, so what the sockets show must be read again.
 */
export const NOTIFY_CHANNEL = 'gogo_events';
/** PostgreSQL refuses payloads of 8,000 bytes or more; keep a margin for the envelope. */
export const MAX_PAYLOAD_BYTES = 7_500;
const PING_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

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
  listening(): boolean;
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
  let client: pg.Client | null = null;
  let connecting = false;
  let started = false;
  let closed = false;
  let everListened = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;

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

  function drop(lost: pg.Client, err?: unknown) {
    if (err) report(err);
    if (client === lost) {
      client = null;
      options.onListenState?.('lost');
    }
    lost.removeAllListeners('notification');
    lost.end().catch(() => undefined);
    scheduleConnect();
  }

  function scheduleConnect() {
    if (closed || retryTimer !== null || connecting || client !== null) return;
    // Exponential backoff with jitter, so that instances cut off together do not return in step.
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        void connect();
      },
      ceiling / 2 + Math.random() * (ceiling / 2),
    );
    retryTimer.unref();
  }

  async function connect() {
    if (closed || connecting || client !== null) return;
    connecting = true;
    const next = new pg.Client({ connectionString: options.url, keepAlive: true, application_name: 'gogo-listen' });
    // Without an 'error' listener a dropped connection would end the process.
    next.on('error', (err) => drop(next, err));
    next.on('end', () => drop(next));
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      connecting = false;
      next.removeAllListeners('end');
      drop(next, err);
      return;
    }
    connecting = false;
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    options.onListenState?.('listening');
    // Notifications sent while we were not listening are lost: our sockets must read again.
    if (everListened) listeners.deliver([RESYNC_EVENT]);
    everListened = true;
  }

  async function ping() {
    const current = client;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('LISTEN connection did not answer a ping')), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      drop(current, err);
    } finally {
      clearTimeout(timer);
    }
  }

  function start() {
    if (started || closed) return;
    started = true;
    void connect();
    pingTimer = setInterval(() => void ping(), PING_MS);
    pingTimer.unref();
  }

  return {
    transport: 'postgres',
    listening: () => client !== null,
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
      // The LISTEN connection opens with the first subscriber: CLI tools and instances without
      // sockets never hold one.
      start();
      return listeners.add(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
