import pg from 'pg';

/**
 * PostgreSQL's LISTEN connection of one instance (db/notify.ts): a dedicated connection (a pooled one
 * cannot hold a LISTEN: the pool hands it to other queries and closes it when idle), open only while
 * it is wanted (`start` with the bus's first subscriber, `stop` after its last).
 *
 * It is watched (TCP keep-alive and a ping every 30 s); when it drops it is opened again with
 * exponential backoff and jitter, and `onUp(true)` says that it came back after a gap.
 */
const PING_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

export interface ListenConnectionOptions {
  url: string;
  channel: string;
  onNotification: (message: pg.Notification) => void;
  /** The connection is up; `afterGap`: it was up before in this period of being wanted. */
  onUp: (afterGap: boolean) => void;
  report: (err: unknown) => void;
  onListenState?: ((state: 'listening' | 'lost') => void) | undefined;
}

async function pingOnce(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('LISTEN connection did not answer a ping')), PING_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ends a client we no longer want, whatever it says on the way out. */
function discard(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => undefined);
  return client.end().catch(() => undefined);
}

export function createListenConnection(options: ListenConnectionOptions) {
  const { report } = options;
  let client: pg.Client | null = null;
  /** Whether the connection is wanted: from the bus's first subscriber until its last one leaves. */
  let wanted = false;
  /** Each period of wanting it has its own number: a connection opened for an earlier one is closed. */
  let period = 0;
  /** The period whose connection is being opened, if any. */
  let connectingFor: number | null = null;
  /** Whether this period's connection was up before: coming back up then means a gap. */
  let upThisPeriod = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  /** Callers of whenUp(), told when the connection is up or no longer wanted. */
  let waiters: (() => void)[] = [];

  function release() {
    const told = waiters;
    waiters = [];
    for (const resolve of told) resolve();
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
    if (!wanted || retryTimer !== null || connectingFor === period || client !== null) return;
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
    if (!wanted || connectingFor === period || client !== null) return;
    const mine = period;
    connectingFor = mine;
    const next = new pg.Client({ connectionString: options.url, keepAlive: true, application_name: 'gogo-listen' });
    // Without an 'error' listener a dropped connection would end the process.
    next.on('error', (err) => drop(next, err));
    next.on('end', () => drop(next));
    next.on('notification', options.onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (err) {
      if (connectingFor === mine) connectingFor = null;
      next.removeAllListeners('end');
      if (mine === period) drop(next, err);
      else void discard(next);
      return;
    }
    if (connectingFor === mine) connectingFor = null;
    if (mine !== period) {
      // No longer wanted (or a later period opens its own).
      await discard(next);
      if (wanted && client === null) void connect();
      return;
    }
    client = next;
    attempt = 0;
    options.onListenState?.('listening');
    options.onUp(upThisPeriod);
    upThisPeriod = true;
    release();
  }

  async function ping() {
    const current = client;
    if (!current) return;
    try {
      await pingOnce(current);
    } catch (err) {
      drop(current, err);
    }
  }

  return {
    isUp: () => client !== null,
    isWanted: () => wanted,
    /** Resolves once it is up (at once when it is), or when it is no longer wanted. */
    whenUp: () =>
      client !== null || !wanted ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    start() {
      if (wanted) return;
      wanted = true;
      period += 1;
      upThisPeriod = false;
      attempt = 0;
      void connect();
      pingTimer = setInterval(() => void ping(), PING_MS);
      pingTimer.unref();
    },
    async stop() {
      if (!wanted) return;
      wanted = false;
      period += 1;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = null;
      release();
      const current = client;
      client = null;
      if (current) await discard(current);
    },
  };
}
