import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { LedgerDelta } from '@gogo/shared/rules';

/**
 * Process-wide Prometheus metrics: Node's own (event-loop lag, heap, CPU, handles) and counters that
 * code deep in a module increments without holding the app (ledger postings). The per-app metrics
 * (requests, rolls, pool) and the /metrics route live in plugins/metrics.ts.
 */
export const processRegistry = new Registry();

let defaultsStarted = false;

/** Starts Node's default collectors once per process (a second call would register them twice). */
export function startProcessMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
}

const ledgerPostings = new Counter({
  name: 'gogo_ledger_postings_total',
  help: 'Ledger rows committed, by asset and transaction type.',
  labelNames: ['asset', 'type'] as const,
  registers: [processRegistry],
});

/** Counts committed ledger rows (call it from an after-commit callback: a rollback posts nothing). */
export function countLedgerPostings(deltas: readonly LedgerDelta[]): void {
  for (const delta of deltas) ledgerPostings.inc({ asset: delta.asset, type: delta.type });
}
