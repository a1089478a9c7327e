/** Fixed-window counters in the shared database: throttles and rate limits that hold across instances. Other code imports this module only through this file. */
export { type Counters, dbCounters, hitInTx } from './counters.js';
export { counterRateLimitStore } from './rate-limit-store.js';
