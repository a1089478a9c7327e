/**
 * The language the tables are described in, once for both engines. A description names each column's
 * kind, nullability, default, primary key and foreign key, and the table's indexes, unique and check
 * constraints; db/schema/sqlite.ts and db/schema/postgres.ts turn it into each dialect's Drizzle table
 * at import time, and drizzle-kit generates each engine's migrations from those (docs/schema.md).
 *
 * Kinds and what each engine stores (values read by SQL are the same on both):
 * - `id`: the table's own key, assigned by the database (SQLite INTEGER autoincrement, PostgreSQL BIGINT
 *   identity).
 * - `int`: a small integer (INTEGER on both). `bigint`: a count or amount (INTEGER; BIGINT read as a
 *   number). `time`: epoch milliseconds (as `bigint`).
 * - `bool`: 0 or 1 (INTEGER on both).
 * - `text`: a string, optionally one of a fixed list. `json`: JSON held as TEXT; code parses it.
 * - `bytes`: bytes as they are (SQLite BLOB, PostgreSQL BYTEA), read as a Buffer.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';

export type Kind = 'id' | 'int' | 'bigint' | 'time' | 'bool' | 'text' | 'json' | 'bytes';

export type Engine = 'sqlite' | 'postgres';

export interface ColumnSpec {
  readonly kind: Kind;
  /** The SQL column name (snake_case). */
  readonly name: string;
  readonly notNull: boolean;
  readonly primaryKey: boolean;
  readonly default?: number | string | boolean;
  readonly enum?: readonly [string, ...string[]];
  readonly references?: {
    readonly table: string;
    readonly column: string;
    readonly onDelete?: 'cascade';
    /**
     * Enforced on SQLite only. PostgreSQL checks a foreign key of every inserted row with a query and
     * locks the row it names (a WAL record); where each insert names a row that exists by construction
     * (read in the same transaction, never deleted), a hot insert is spared both. Dropping it on SQLite
     * would rebuild the table, and SQLite's check costs little.
     */
    readonly sqliteOnly?: true;
  };
}

/**
 * One column. The type parameters carry what the row types need: the kind, whether the value is
 * never null, whether an insert may leave it out, and the TypeScript type of a value.
 */
export class Column<K extends Kind, N extends boolean, D extends boolean, T> {
  declare readonly _types: { kind: K; notNull: N; hasDefault: D; data: T };
  constructor(readonly spec: ColumnSpec) {}

  notNull(): Column<K, true, D, T> {
    return new Column({ ...this.spec, notNull: true });
  }

  /** A default the database fills in (a boolean default is stored as 1 or 0). */
  default(value: T | (K extends 'bool' ? boolean : never)): Column<K, N, true, T> {
    return new Column({ ...this.spec, default: value as number | string | boolean });
  }

  /** A single-column primary key (never null). */
  primaryKey(): Column<K, true, D, T> {
    return new Column({ ...this.spec, primaryKey: true, notNull: true });
  }

  /** A foreign key to `table`.`column` (column keys as in the descriptions, e.g. 'users', 'id'). */
  references(table: string, column = 'id', onDelete?: 'cascade'): Column<K, N, D, T> {
    return new Column({ ...this.spec, references: { table, column, ...(onDelete ? { onDelete } : {}) } });
  }

  /** A foreign key enforced on SQLite only (ColumnSpec.references.sqliteOnly says when). */
  referencesOnSqlite(table: string, column = 'id'): Column<K, N, D, T> {
    return new Column({ ...this.spec, references: { table, column, sqliteOnly: true } });
  }
}

export type AnyColumn = Column<Kind, boolean, boolean, unknown>;

const column = <K extends Kind, T>(kind: K, name: string, extra: Partial<ColumnSpec> = {}) =>
  new Column<K, false, false, T>({ kind, name, notNull: false, primaryKey: false, ...extra });

/** The table's own key, assigned by the database on insert. */
export const id = (name = 'id') =>
  new Column<'id', true, true, number>({ kind: 'id', name, notNull: true, primaryKey: true });
export const int = (name: string) => column<'int', number>('int', name);
export const bigint = (name: string) => column<'bigint', number>('bigint', name);
/** Epoch milliseconds. */
export const time = (name: string) => column<'time', number>('time', name);
/** Stored as 0 or 1 on both engines. */
export const bool = (name: string) => column<'bool', number>('bool', name);
export function text(name: string): Column<'text', false, false, string>;
export function text<const E extends readonly [string, ...string[]]>(
  name: string,
  values: E,
): Column<'text', false, false, E[number]>;
export function text(name: string, values?: readonly [string, ...string[]]) {
  return column('text', name, values ? { enum: values } : {});
}
/** Bytes as they are: a BLOB on SQLite, a BYTEA on PostgreSQL (a third smaller than the same bytes as base64 text). */
export const bytes = (name: string) => column<'bytes', Buffer>('bytes', name);
/** JSON held as TEXT; the row holds the text and code parses it (`C` documents its shape). */
export const json = <C = unknown>(name: string) => column<'json', string>('json', name) as JsonColumn<C>;
export type JsonColumn<C> = Column<'json', false, false, string> & { readonly content?: C };

export type Columns = Record<string, AnyColumn>;

/** What an expression may name: the table's columns (on PostgreSQL partial-index predicates, bare names). */
export type Refs<C extends Columns> = { readonly [K in keyof C]: SQLWrapper };

/** Scalar minimum and maximum of two values, written as each engine spells them. */
export interface EngineFunctions {
  readonly engine: Engine;
  least(a: SQLWrapper, b: SQLWrapper): SQL;
  greatest(a: SQLWrapper, b: SQLWrapper): SQL;
}

export interface IndexSpec<C extends Columns> {
  readonly name: string;
  readonly unique: boolean;
  /** Column keys, or one expression (e.g. `lower(username)`). */
  readonly on: readonly (keyof C & string)[] | ((t: Refs<C>) => SQL);
  /** A partial index's predicate. */
  readonly where?: (t: Refs<C>) => SQL;
  /**
   * PostgreSQL: a BRIN index (block ranges) instead of a b-tree; SQLite keeps a b-tree. For a column
   * that grows with the rows' order on disk (an append-only table's time), read by ranges only, never
   * for ORDER BY ... LIMIT: an insert adds nothing to it until its block range is summarised, where a
   * b-tree adds an entry (and its WAL) per row.
   */
  readonly brin?: boolean;
  /**
   * PostgreSQL only: a partial index's predicate (rows it excludes get no entry). SQLite's planner
   * uses a partial index only where a query repeats its predicate word for word, so SQLite indexes
   * every row.
   */
  readonly pgWhere?: (t: Refs<C>) => SQL;
}

export interface CheckSpec<C extends Columns> {
  readonly name: string;
  readonly expression: (t: Refs<C>, f: EngineFunctions) => SQL;
}

export interface TableExtras<C extends Columns> {
  /** A primary key over several columns. */
  readonly primaryKey?: readonly (keyof C & string)[];
  readonly indexes?: readonly IndexSpec<C>[];
  readonly checks?: readonly CheckSpec<C>[];
}

export interface TableSpec<C extends Columns = Columns> extends TableExtras<C> {
  readonly name: string;
  readonly columns: C;
}

/** Describes a table: its SQL name, its columns (keyed as rows name them) and its extras. */
export function table<C extends Columns>(name: string, columns: C, extras: TableExtras<C> = {}): TableSpec<C> {
  return { name, columns, ...extras };
}

type IndexOn<C extends Columns> = IndexSpec<C>['on'];

/** An index on columns (in order) or on one expression; a `where` predicate makes it partial. */
export const index = <C extends Columns>(
  name: string,
  on: IndexOn<C>,
  where?: IndexSpec<C>['where'],
): IndexSpec<C> => ({
  name,
  on,
  unique: false,
  ...(where ? { where } : {}),
});

/** A range index on an append-only column (IndexSpec.brin): BRIN on PostgreSQL, a b-tree on SQLite. */
export const rangeIndex = <C extends Columns>(name: string, on: readonly (keyof C & string)[]): IndexSpec<C> => ({
  name,
  on,
  unique: false,
  brin: true,
});

/** An index partial on PostgreSQL only (IndexSpec.pgWhere), whole on SQLite. */
export const pgPartialIndex = <C extends Columns>(
  name: string,
  on: readonly (keyof C & string)[],
  pgWhere: (t: Refs<C>) => SQL,
): IndexSpec<C> => ({ name, on, unique: false, pgWhere });

export const uniqueIndex = <C extends Columns>(
  name: string,
  on: IndexOn<C>,
  where?: IndexSpec<C>['where'],
): IndexSpec<C> => ({ name, on, unique: true, ...(where ? { where } : {}) });

export const check = <C extends Columns>(name: string, expression: CheckSpec<C>['expression']): CheckSpec<C> => ({
  name,
  expression,
});
