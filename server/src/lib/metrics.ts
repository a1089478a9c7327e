import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
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

// The chain watcher (modules/chain): what it has scanned, how far the node is ahead, and what a poll costs.
const chainBlock = new Gauge({
  name: 'gogo_chain_block',
  help: "The chain watcher's view: the node's latest block (head) and the last block scanned (scanned).",
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});
const chainLeader = new Gauge({
  name: 'gogo_chain_watcher_leader',
  help: 'Whether this instance runs the chain watcher (1) or another instance holds it (0).',
  registers: [processRegistry],
});
const chainErrors = new Counter({
  name: 'gogo_chain_poll_errors_total',
  help: 'Chain watcher polls that failed (node unreachable or answering garbage).',
  registers: [processRegistry],
});
const chainBlocks = new Counter({
  name: 'gogo_chain_blocks_scanned_total',
  help: 'Blocks the chain watcher scanned.',
  registers: [processRegistry],
});
const chainPollCpu = new Counter({
  name: 'gogo_chain_poll_cpu_ms_total',
  help: 'CPU time (user + system, ms) of the process during chain watcher polls.',
  registers: [processRegistry],
});
const chainRpcCalls = new Counter({
  name: 'gogo_chain_rpc_calls_total',
  help: 'JSON-RPC requests the chain watcher sent.',
  registers: [processRegistry],
});

export function setChainFigures(f: {
  leader?: boolean;
  head?: number;
  scanned?: number;
  blocks?: number;
  error?: boolean;
}) {
  if (f.leader !== undefined) chainLeader.set(f.leader ? 1 : 0);
  if (f.head !== undefined) chainBlock.set({ kind: 'head' }, f.head);
  if (f.scanned !== undefined) chainBlock.set({ kind: 'scanned' }, f.scanned);
  if (f.blocks) chainBlocks.inc(f.blocks);
  if (f.error) chainErrors.inc();
}

export function countChainPoll(cpuMs: number, rpcCalls: number) {
  chainPollCpu.inc(cpuMs);
  chainRpcCalls.inc(rpcCalls);
}
