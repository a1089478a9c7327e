/**
 * The realtime event bus of the data layer. A transaction queues events with `tx.publish(event)`; the
 * bus hands them to every instance's subscribers once the transaction has committed (never after a
 * rollback). Events are small and carry ids only: the instance that receives one re-reads what it
 * sends to its sockets, so nothing large or stale travels between instances.
 *
 * SQLite runs one process: the in-process bus below. PostgreSQL runs N instances: db/notify.ts adds
 * LISTEN/NOTIFY on top of it.
 */
export interface BusEvent {
  readonly type: string;
  readonly [field: string]: string | number | boolean | null;
}

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  /** 'in-process' (one instance) or 'postgres' (LISTEN/NOTIFY between instances). */
  readonly transport: 'in-process' | 'postgres';
  /** Hands committed events to the subscribers of every instance, this one included (at once). */
  publish(events: readonly BusEvent[]): void;
  /** Listens to the events of every instance; answers the function that stops listening. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
  /**
   * PostgreSQL: the LISTEN connection's state (metrics): 'up'; 'down' while it is wanted (there are
   * subscribers) and being opened or reopened; 'idle' when nobody subscribes here, so it is closed on
   * purpose. Absent in-process.
   */
  listenState?(): 'up' | 'down' | 'idle';
  /**
   * PostgreSQL: resolves once the LISTEN connection is up (at once when it is), or when the bus stops
   * wanting it (its last subscriber left, or it closed). Absent in-process, where nothing is missed.
   */
  whenListening?(): Promise<void>;
}

/**
 * After a gap in the fan-out (the LISTEN connection dropped and came back) an instance tells its own
 * subscribers this, since events of other instances may have been missed meanwhile.
 */
export const RESYNC_EVENT: BusEvent = Object.freeze({ type: 'resync' });

/** Subscribers of one process. A listener that throws is reported and never stops the others. */
export function createListeners(onError: (err: unknown) => void) {
  const listeners = new Set<BusListener>();
  return {
    add(listener: BusListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    deliver(events: readonly BusEvent[]) {
      for (const event of events) {
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (err) {
            onError(err);
          }
        }
      }
    },
    clear: () => listeners.clear(),
    size: () => listeners.size,
  };
}

/** The bus of a single process (SQLite): committed events go straight to this process' subscribers. */
export function createInProcessBus(onError: (err: unknown) => void = defaultReport): EventBus {
  const listeners = createListeners(onError);
  return {
    transport: 'in-process',
    publish: (events) => listeners.deliver(events),
    subscribe: (listener) => listeners.add(listener),
    async close() {
      listeners.clear();
    },
  };
}

function defaultReport(err: unknown) {
  console.error('realtime event listener failed', err);
}

/**
 * The events a transaction queues, each once (a review touches the player's state through two paths):
 * PostgreSQL sends them with NOTIFY inside the transaction (db/postgres.ts).
 */
export function createEventQueue() {
  let queued: BusEvent[] | null = null;
  let seen: Set<string> | null = null;
  return {
    add(event: BusEvent) {
      const key = JSON.stringify(event);
      if (seen?.has(key)) return;
      (seen ??= new Set()).add(key);
      (queued ??= []).push(event);
    },
    /** What was queued (null: nothing); the queue is empty afterwards. */
    take(): readonly BusEvent[] | null {
      const out = queued;
      queued = null;
      seen = null;
      return out;
    },
  };
}

/**
 * The events a transaction queued, published as one batch after its COMMIT (SQLite's in-process bus). The same event queued
 * twice in one transaction is sent once (a review touches the player's state through two paths).
 */
export function transactionEvents(afterCommit: (fn: () => void) => void, bus: () => EventBus) {
  let queued: BusEvent[] | null = null;
  let seen: Set<string> | null = null;
  return (event: BusEvent) => {
    const key = JSON.stringify(event);
    if (seen?.has(key)) return;
    (seen ??= new Set()).add(key);
    if (queued === null) {
      queued = [];
      const batch = queued;
      afterCommit(() => bus().publish(batch));
    }
    queued.push(event);
  };
}
