import { getHeapStatistics } from 'node:v8';
import { intFrom } from './base.js';

/**
 * Load shedding (plugins/load-shedding.ts): past these figures an instance answers 503 with
 * Retry-After at once instead of queueing work it cannot finish in time. 0 turns a figure off.
 */
export interface LoadShedding {
  /** LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: mean event-loop delay over the last second. */
  maxEventLoopDelayMs: number;
  /** LOAD_SHED_MAX_HEAP_USED_MB: V8 heap in use (default: 90% of the heap limit). */
  maxHeapUsedMb: number;
  /** LOAD_SHED_RETRY_AFTER_S: the Retry-After of a shed request. */
  retryAfterS: number;
}

/** 90% of this process's V8 heap limit (--max-old-space-size, or V8's default for the machine). */
const defaultHeapMb = () => Math.floor((getHeapStatistics().heap_size_limit * 0.9) / 1024 / 1024);

export const defaultLoadShedding = (): LoadShedding => ({
  maxEventLoopDelayMs: 500,
  maxHeapUsedMb: defaultHeapMb(),
  retryAfterS: 2,
});

export function parseLoadShedding(env: NodeJS.ProcessEnv): LoadShedding {
  const d = defaultLoadShedding();
  return {
    maxEventLoopDelayMs: intFrom(
      env.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
      d.maxEventLoopDelayMs,
      'LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS',
    ),
    maxHeapUsedMb: intFrom(env.LOAD_SHED_MAX_HEAP_USED_MB, d.maxHeapUsedMb, 'LOAD_SHED_MAX_HEAP_USED_MB'),
    retryAfterS: Math.max(1, intFrom(env.LOAD_SHED_RETRY_AFTER_S, d.retryAfterS, 'LOAD_SHED_RETRY_AFTER_S')),
  };
}
