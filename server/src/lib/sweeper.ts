/**
 * A job every instance runs on an interval (settlements, retries). Runs never overlap on one
 * instance; the job itself must be safe when several instances run it at once.
 */
export function createSweeper(opts: { everyMs: number; run: () => Promise<unknown>; onError: (err: unknown) => void }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const tick = () => {
    if (running) return running;
    running = opts
      .run()
      .then(
        () => undefined,
        (err: unknown) => opts.onError(err),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), opts.everyMs);
      timer.unref();
      void tick();
    },
    /** One run now (or the one in flight): tests and the bench call it. */
    runOnce: tick,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
