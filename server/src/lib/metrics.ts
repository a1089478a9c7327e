import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
export type { Registry } from 'prom-client';
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

// Running in production: timeouts hit, mail that failed to go out, forwarding headers not believed.
const timeoutsHit = new Counter({
  name: 'gogo_timeouts_total',
  help: 'Timeouts hit, by kind: statement and lock (PostgreSQL), busy (SQLite write lock), request (HTTP).',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});
for (const kind of ['statement', 'lock', 'busy', 'request'] as const) timeoutsHit.inc({ kind }, 0);

export type TimeoutKind = 'statement' | 'lock' | 'busy' | 'request';

export function countTimeout(kind: TimeoutKind): void {
  timeoutsHit.inc({ kind });
}

const mailSendFailures = new Counter({
  name: 'gogo_mail_send_failures_total',
  help: 'Mail sends that failed (each is retried later, or given up after the last attempt).',
  registers: [processRegistry],
});

export function countMailSendFailure(): void {
  mailSendFailures.inc();
}

const untrustedForwarded = new Counter({
  name: 'gogo_untrusted_forwarded_requests_total',
  help: 'Requests carrying X-Forwarded-For, X-Real-IP or Forwarded while TRUST_PROXY is unset (ignored: every client then shares the proxy address).',
  registers: [processRegistry],
});

export function countUntrustedForwarded(): void {
  untrustedForwarded.inc();
}

const collapsedForwarded = new Counter({
  name: 'gogo_forwarded_collapsed_requests_total',
  help: 'Requests with many different X-Forwarded-For chains that all resolved to one client address (TRUST_PROXY misses a proxy hop).',
  registers: [processRegistry],
});

export function countCollapsedForwarded(requests: number): void {
  collapsedForwarded.inc(requests);
}

/** What services report at scrape time: the sockets held here, the LISTEN connection, the mail queue. */
export interface RuntimeSources {
  sockets?: () => { player: number; admin: number };
  /**
   * PostgreSQL's LISTEN connection is up, or not needed (no socket here, so it is closed on purpose);
   * false while sockets are open and it is down. Absent on SQLite: no such connection.
   */
  listening?: () => boolean;
  mailBacklog?: () => Promise<{ depth: number; oldestAt: number | null }>;
  clock?: () => number;
  /** What /api/ready answers: the database's ping, and not draining. */
  readiness?: { ping: () => Promise<void>; draining?: (() => boolean) | undefined };
}

/** Gauges read when /metrics is scraped; each source is optional (a module without it adds none). */
export function addRuntimeGauges(registry: Registry, sources: RuntimeSources): void {
  const { sockets, listening, mailBacklog, readiness } = sources;
  if (readiness) {
    new Gauge({
      name: 'gogo_ready',
      help: 'What /api/ready would answer now: 1 when the database answers and the instance is not draining, else 0.',
      registers: [registry],
      async collect() {
        const up =
          !readiness.draining?.() &&
          (await readiness.ping().then(
            () => true,
            () => false,
          ));
        this.set(up ? 1 : 0);
      },
    });
  }
  if (sockets) {
    new Gauge({
      name: 'gogo_realtime_sockets',
      help: 'Authenticated WebSockets open on this instance, by role.',
      labelNames: ['role'] as const,
      registers: [registry],
      collect() {
        const counts = sockets();
        this.set({ role: 'player' }, counts.player);
        this.set({ role: 'admin' }, counts.admin);
      },
    });
  }
  if (listening) {
    new Gauge({
      name: 'gogo_realtime_listen_up',
      help:
        "PostgreSQL's LISTEN connection of this instance: 1 when up, or closed on purpose because no socket is " +
        'open here; 0 while sockets are open and it is being opened or is lost and reconnecting.',
      registers: [registry],
      collect() {
        this.set(listening() ? 1 : 0);
      },
    });
  }
  if (mailBacklog) {
    const read = () => mailBacklog();
    let pending: ReturnType<typeof read> | null = null;
    // Both gauges share one query per scrape.
    const backlog = () => (pending ??= read().finally(() => setTimeout(() => (pending = null), 0)));
    new Gauge({
      name: 'gogo_mail_queue_depth',
      help: 'Mails waiting to be sent (new, or failed and due again).',
      registers: [registry],
      async collect() {
        this.set((await backlog()).depth);
      },
    });
    new Gauge({
      name: 'gogo_mail_queue_oldest_age_seconds',
      help: 'Age of the oldest mail waiting to be sent (0 when none waits).',
      registers: [registry],
      async collect() {
        const { oldestAt } = await backlog();
        const now = (sources.clock ?? Date.now)();
        this.set(oldestAt === null ? 0 : Math.max(0, (now - oldestAt) / 1000));
      },
    });
  }
}

const loadShed = new Counter({
  name: 'gogo_load_shed_total',
  help: 'Requests answered 503 at once because the instance was under pressure, by reason (event-loop delay, heap).',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});
for (const reason of ['eventLoopDelay', 'heapUsedBytes'] as const) loadShed.inc({ reason }, 0);

export function countLoadShed(reason: string): void {
  loadShed.inc({ reason });
}
