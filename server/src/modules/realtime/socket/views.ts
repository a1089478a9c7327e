/**
 * Building blocks of the fan-out: work per key that never runs twice at once, and a throttled view
 * that is recomputed at most once per interval and sent only when it changed.
 */

/**
 * Runs `fn` for a key; a call while the key's run is in flight asks for ONE more run after it (never
 * two in parallel, never a burst): the last run starts after the last call, so it reads the latest
 * committed data and pushes arrive in the order they were read.
 */
export function createCoalescer(onError: (err: unknown) => void) {
  const state = new Map<string | number, { again: boolean }>();
  return function run(key: string | number, fn: () => Promise<void>): void {
    const current = state.get(key);
    if (current) {
      current.again = true;
      return;
    }
    const entry = { again: false };
    state.set(key, entry);
    const loop = async () => {
      try {
        do {
          entry.again = false;
          try {
            await fn();
          } catch (err) {
            onError(err);
          }
        } while (entry.again);
      } finally {
        state.delete(key);
      }
    };
    void loop();
  };
}

export interface ThrottledView<T> {
  /** Asks for a recompute: at once when the last one is older than the interval, else at its end. */
  poke(): void;
  stop(): void;
  /** The last value sent (tests, and a baseline for change detection). */
  last(): T | undefined;
}

/**
 * A view of shared data (the leaderboard's top, the admin summary, the achievements feed) that this
 * instance recomputes at most once per `minIntervalMs` and sends only when its `signature` changed.
 */
export function createThrottledView<T>(opts: {
  minIntervalMs: number;
  now: () => number;
  compute: () => Promise<T>;
  signature: (value: T) => string;
  send: (value: T) => void;
  onError: (err: unknown) => void;
}): ThrottledView<T> {
  let lastRun = -Infinity;
  let lastSignature: string | null = null;
  let lastValue: T | undefined;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let pending = false;
  let stopped = false;

  async function run() {
    running = true;
    pending = false;
    lastRun = opts.now();
    try {
      const value = await opts.compute();
      const signature = opts.signature(value);
      if (!stopped && signature !== lastSignature) {
        lastSignature = signature;
        lastValue = value;
        opts.send(value);
      }
    } catch (err) {
      opts.onError(err);
    } finally {
      running = false;
      if (pending) schedule();
    }
  }

  function schedule() {
    if (stopped || timer !== null) return;
    if (running) {
      pending = true;
      return;
    }
    const wait = Math.max(0, lastRun + opts.minIntervalMs - opts.now());
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, wait);
    timer.unref();
  }

  return {
    poke: schedule,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    last: () => lastValue,
  };
}
