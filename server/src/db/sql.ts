/**
 * Engine-neutral SQL statements. A statement is defined ONCE at module level with named parameters
 * (`:userId`) and prepared lazily once per connection by the engine that runs it: better-sqlite3
 * binds `:name` natively; PostgreSQL gets `$1..$n` and a stable statement name, so `pg` prepares it
 * once per pooled connection. Nothing is built or prepared on the hot path.
 *
 * Write SQL that both engines accept (see docs/scaling.md "Writing SQL for both engines"). Where they
 * differ, give both texts: `sql({ sqlite: '...', postgres: '...' })`. Two markers are filled per
 * engine: `{forUpdate}` (row lock on PostgreSQL, nothing on SQLite, whose writes are serialised) and
 * `{greatest}`/`{least}` (scalar max/min of two values: `max(a, b)` on SQLite, `GREATEST(a, b)`).
 * Alias columns in camelCase with double quotes (`user_id AS "userId"`): PostgreSQL folds unquoted
 * aliases to lower case.
 */
import type { BusEvent } from './events.js';

export type Engine = 'sqlite' | 'postgres';

export type Params = Record<string, unknown>;

/** A statement with its parameter and row types. `P` is the named parameters; `R` a result row. */
export interface Statement<P extends Params = Params, R = unknown> {
  readonly id: number;
  readonly name: string;
  readonly text: Readonly<Record<Engine, string>>;
  /** For PostgreSQL: the parameter names in `$n` order. */
  readonly pgNames: readonly string[];
  /** Phantom field carrying the types; never set. */
  readonly __types?: { params: P; row: R };
}

let nextId = 0;

/** Every statement defined so far: a test prepares each one on both engines (db/statements test). */
export const definedStatements: Statement<Params, unknown>[] = [];
const PARAM = /(?<![:\w]):([A-Za-z_][A-Za-z0-9_]*)/g;

function fill(text: string, engine: Engine): string {
  return text
    .replaceAll('{forUpdate}', engine === 'postgres' ? 'FOR UPDATE' : '')
    .replaceAll('{greatest}', engine === 'postgres' ? 'GREATEST' : 'max')
    .replaceAll('{least}', engine === 'postgres' ? 'LEAST' : 'min');
}

/** Rewrites `:name` parameters to `$n` (repeated names share one number). String literals must not contain `:word`. */
function toPostgres(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  const out = text.replace(PARAM, (_m, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text: out, names };
}

/**
 * Defines a statement. `sql<{ userId: number }, { balance: number }>('SELECT balance FROM game_states
 * WHERE user_id = :userId')`. Call it at module level, never per request.
 */
export function sql<P extends Params = Record<string, never>, R = Record<string, unknown>>(
  text: string | Readonly<Record<Engine, string>>,
): Statement<P, R> {
  const texts = typeof text === 'string' ? { sqlite: text, postgres: text } : text;
  const pg = toPostgres(fill(texts.postgres, 'postgres'));
  const id = nextId++;
  const statement: Statement<P, R> = {
    id,
    name: `gogo_${id}`,
    text: { sqlite: fill(texts.sqlite, 'sqlite'), postgres: pg.text },
    pgNames: pg.names,
  };
  definedStatements.push(statement as Statement<Params, unknown>);
  return statement;
}

/** Something statements run on: an open transaction, or the autocommit reader of a database. */
export interface Queryable {
  readonly engine: Engine;
  /** The first row, or undefined. */
  get<P extends Params, R>(statement: Statement<P, R>, params: P): Promise<R | undefined>;
  all<P extends Params, R>(statement: Statement<P, R>, params: P): Promise<R[]>;
  /** Runs a write; answers the number of rows it changed. */
  run<P extends Params>(statement: Statement<P, unknown>, params: P): Promise<number>;
}

/** A write whose result is not needed: a statement and its parameters (see Tx.runAll). */
export interface Write {
  readonly statement: Statement<Params, unknown>;
  readonly params: Params;
}

/** A write of `statement` with `params`, typed by the statement. */
export const write = <P extends Params>(statement: Statement<P, unknown>, params: P): Write => ({
  statement: statement as Statement<Params, unknown>,
  params,
});

/** A read and what its rows mean: the module that owns the statement decodes them (see Tx.readEach). */
export interface Read<T> {
  readonly statement: Statement<Params, unknown>;
  readonly params: Params;
  readonly decode: (rows: unknown[]) => T;
}

/** A read of `statement` with `params`, its rows decoded by `decode`. */
export const read = <P extends Params, R, T>(
  statement: Statement<P, R>,
  params: P,
  decode: (rows: R[]) => T,
): Read<T> => ({
  statement: statement as Statement<Params, unknown>,
  params,
  decode: decode as (rows: unknown[]) => T,
});

export type ReadResults<T extends readonly Read<unknown>[]> = {
  -readonly [K in keyof T]: T[K] extends Read<infer V> ? V : never;
};

/** A transaction: statements run in it, and `afterCommit` callbacks run once it has committed. */
export interface Tx extends Queryable {
  /**
   * Runs writes in order, in one round trip where the engine allows: PostgreSQL sends them as ONE
   * statement (each but the last in a data-modifying WITH; the combined text is built once per
   * combination of statements). So they must be INSERT/UPDATE/DELETE that touch different rows, and
   * none may depend on another's effect: in one PostgreSQL statement they all see the same snapshot,
   * and run in no fixed order (rows whose ids must follow one another go in one INSERT).
   * SQLite runs them one after the other.
   */
  runAll(writes: readonly Write[]): Promise<void>;
  /**
   * Runs writes like runAll, but without waiting for their answer: a failure fails the transaction
   * at its commit, with the writes' own error. PostgreSQL sends them at once (the connection
   * pipelines), so the transaction's last writes travel with its COMMIT instead of costing a round
   * trip of their own. Statements issued after them run after them.
   */
  sendWrites(writes: readonly Write[]): void;
  /**
   * Runs independent reads together: PostgreSQL in ONE statement (each read's rows as a JSON array;
   * numbers, text and nulls come back as they do alone), SQLite one after another. The reads share
   * the statement's snapshot, so put a read that must follow a lock in a call after the lock.
   */
  readEach<T extends readonly Read<unknown>[]>(reads: T): Promise<ReadResults<T>>;
  /** Runs `fn` after COMMIT (never after a rollback), e.g. to publish an event or send mail. */
  afterCommit(fn: () => void | Promise<void>): void;
  /**
   * Queues a realtime event (db/events.ts): every instance's subscribers get it after COMMIT, never
   * after a rollback. Small payloads, ids only; the receiving instance re-reads.
   */
  publish(event: BusEvent): void;
}

/** Booleans are stored as 0/1 integers on both engines. */
export const bool = (value: boolean): number => (value ? 1 : 0);
