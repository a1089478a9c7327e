import pg from 'pg';

/**
 * The statements a transaction sends in one go (a roll's BEGIN, lock and reads; its writes and
 * COMMIT) go out as ONE extended-protocol batch with a single Sync, when the connection has every
 * named one prepared already (always, once it served a roll).
 *
 * node-postgres ends every query with a Sync, and PostgreSQL answers each Sync with ReadyForQuery
 * and a flush of its socket: five statements cost the backend five sends and the client five
 * results to take apart. One Sync per batch makes it one send and one ReadyForQuery. Measured here
 * on five statements shaped like a roll's (BEGIN and two selects, a select and COMMIT): the backend's
 * CPU 82 to 86 µs against 62 to 68, the client's 100 against 65 to 68 (ADR 0992).
 *
 * A named statement's row description never changes while it is prepared, so it is asked for
 * (Describe) once per connection and kept: a roll's lock statement alone describes 27 columns, which
 * PostgreSQL built and node-postgres took apart on every roll.
 *
 * What PostgreSQL does after an error in a batch is what it does in a transaction anyway: it skips
 * to the Sync, so the statements after the failed one are not run. Every statement of the batch is
 * then rejected with that error, the first failure the transaction reports (postgres.ts
 * firstFailure), and the caller's ROLLBACK ends the transaction.
 */

/** What runs a statement: the pool (reads outside transactions) or one connection (batched). */
export interface Runner {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

/** The connection inside a pg client: not in pg's type declarations. */
interface ProtocolConnection {
  stream?: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string | undefined>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[]; valueMapper: unknown }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
}
interface ClientInternals {
  connection?: ProtocolConnection;
}

/** One statement of a batch and the caller waiting for its result. */
interface Part {
  config: pg.QueryConfig;
  resolve(result: pg.QueryResult): void;
  reject(err: unknown): void;
}

const utils = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;
type QueryCallback = (err: Error | null, results?: pg.QueryResult | pg.QueryResult[]) => void;
/** A row description as pg-protocol parses it (its fields, read-only once parsed). */
interface RowDescription {
  fields: readonly unknown[];
}
/** The parts of pg's Query the batch builds on: it collects one Result per statement, in order. */
interface QueryHandlers {
  handleRowDescription(msg: RowDescription): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
}
const QueryBase = pg.Query as unknown as new (config: { text: string; callback: QueryCallback }) => QueryHandlers;

/** Per connection: each named statement's row description ([] when it returns no rows). */
const descriptions = new WeakMap<ProtocolConnection, Map<string, readonly unknown[]>>();

/**
 * Statements sent with one Sync. A pg Query for the client's pipeline (which takes no other kind of
 * query): its results arrive as pg's Query collects a multi-statement answer, one Result per
 * statement, in order.
 */
class StatementBatch extends QueryBase {
  private readonly parts: readonly Part[];
  private readonly known: Map<string, readonly unknown[]>;
  /** The statement whose answer is arriving, and whether its row description came or was given. */
  private at = 0;
  private described = false;

  constructor(parts: readonly Part[], known: Map<string, readonly unknown[]>, callback: QueryCallback) {
    super({ text: 'gogo statement batch', callback });
    this.parts = parts;
    this.known = known;
  }

  submit(connection: ProtocolConnection): null {
    for (const { config } of this.parts) {
      // Named statements are prepared already (batchable); a plain text (BEGIN, COMMIT) is parsed
      // as the unnamed statement, which the next plain text replaces.
      if (config.name === undefined) connection.parse({ text: config.text, name: '', types: [] });
      connection.bind({
        portal: '',
        statement: config.name ?? '',
        values: config.values ?? [],
        valueMapper: utils.prepareValue,
      });
      if (config.name === undefined || !this.known.has(config.name)) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
    }
    connection.sync();
    return null;
  }

  private nameAt(): string | undefined {
    return this.parts[this.at]?.config.name;
  }

  override handleRowDescription(msg: RowDescription): void {
    const name = this.nameAt();
    if (name !== undefined) this.known.set(name, msg.fields);
    this.described = true;
    super.handleRowDescription(msg);
  }

  override handleDataRow(msg: unknown): void {
    if (!this.described) {
      // Not asked for: the description kept for this statement stands in for it.
      this.described = true;
      super.handleRowDescription({ fields: this.known.get(this.nameAt() ?? '') ?? [] });
    }
    super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: unknown): void {
    const name = this.nameAt();
    // Described, and no row description came: the statement returns no rows.
    if (name !== undefined && !this.described && !this.known.has(name)) this.known.set(name, []);
    super.handleCommandComplete(msg, connection);
    this.at += 1;
    this.described = false;
  }
}

/** Whether the parts can go as one batch: each a plain text without values, or a statement this connection prepared. */
function batchable(connection: ProtocolConnection, parts: readonly Part[]): boolean {
  for (const { config } of parts) {
    if (config.name === undefined) {
      if (config.values !== undefined && config.values.length > 0) return false;
    } else if (connection.parsedStatements[config.name] !== config.text) {
      return false;
    }
  }
  return true;
}

/**
 * A pooled connection's runner: the statements its transaction sends in the same turn of the event
 * loop (before process.nextTick) leave together. With `batch`, as one batch with a single Sync when
 * batchable, else (and without `batch`: behind PgBouncer, whose statements are unnamed) one query
 * each on the pipelined client, the socket corked so that they still leave in one write.
 */
export function batchingRunner(client: pg.PoolClient, batch: boolean): Runner {
  const connection = (client as unknown as ClientInternals).connection;
  const socket = connection?.stream;
  let pending: Part[] | null = null;

  const flush = () => {
    const parts = pending ?? [];
    pending = null;
    socket?.cork?.();
    try {
      if (batch && connection !== undefined && parts.length > 1 && batchable(connection, parts)) {
        sendBatch(client, connection, parts);
      } else {
        for (const part of parts) client.query(part.config).then(part.resolve, part.reject);
      }
    } finally {
      socket?.uncork?.();
    }
  };

  return {
    query(config) {
      if (pending === null) {
        pending = [];
        process.nextTick(flush);
      }
      const parts = pending;
      return new Promise((resolve, reject) => parts.push({ config, resolve, reject }));
    },
  };
}

function sendBatch(client: pg.PoolClient, connection: ProtocolConnection, parts: readonly Part[]): void {
  const fail = (err: unknown) => {
    for (const part of parts) part.reject(err);
  };
  let known = descriptions.get(connection);
  if (known === undefined) descriptions.set(connection, (known = new Map()));
  const batch = new StatementBatch(parts, known, (err, results) => {
    if (err) return fail(err);
    const list = Array.isArray(results) ? results : results === undefined ? [] : [results];
    if (list.length !== parts.length) {
      return fail(new Error(`a batch of ${parts.length} statements answered ${list.length} results`));
    }
    parts.forEach((part, i) => part.resolve(list[i]!));
  });
  // A query object is answered through its callback (pg returns the object itself).
  client.query(batch as unknown as pg.QueryConfig);
}
