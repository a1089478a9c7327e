/**
 * Turns table descriptions (define.ts) into each engine's Drizzle tables. The types below say what
 * each kind becomes, so `$inferSelect` and `$inferInsert` of either dialect's table give the row as SQL
 * reads it on both engines (the generated-schema test checks the two agree).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { $Type, BuildColumns, ColumnBuilderBase, HasDefault, NotNull } from 'drizzle-orm';
import * as s from 'drizzle-orm/sqlite-core';
import * as p from 'drizzle-orm/pg-core';
import type { Column, Columns, ColumnSpec, EngineFunctions, Kind, Refs, TableSpec } from './define.js';

type Flags<B extends ColumnBuilderBase, N, D, T> = $Type<
  N extends true ? (D extends true ? HasDefault<NotNull<B>> : NotNull<B>) : D extends true ? HasDefault<B> : B,
  T
>;

type SqliteBase<K extends Kind> = K extends 'text' | 'json'
  ? s.SQLiteTextBuilderInitial<'', [string, ...string[]], undefined>
  : K extends 'bytes'
    ? s.SQLiteBlobBufferBuilderInitial<''>
    : s.SQLiteIntegerBuilderInitial<''>;

type PgBase<K extends Kind> = K extends 'text' | 'json'
  ? p.PgTextBuilderInitial<'', [string, ...string[]]>
  : K extends 'bytes'
    ? ReturnType<typeof pgBytes>
    : K extends 'int' | 'bool'
      ? p.PgIntegerBuilderInitial<''>
      : p.PgBigInt53BuilderInitial<''>;

/** PostgreSQL's BYTEA (pg reads it as a Buffer), which pg-core has as a custom type only. */
const pgBytes = p.customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type SqliteColumns<C extends Columns> = {
  [Key in keyof C]: C[Key] extends Column<infer K, infer N, infer D, infer T> ? Flags<SqliteBase<K>, N, D, T> : never;
};

export type PgColumns<C extends Columns> = {
  [Key in keyof C]: C[Key] extends Column<infer K, infer N, infer D, infer T> ? Flags<PgBase<K>, N, D, T> : never;
};

export type SqliteTables<S extends Record<string, Described>> = {
  [Key in keyof S]: S[Key]['columns'] extends infer C extends Columns
    ? s.SQLiteTableWithColumns<{
        name: string;
        schema: undefined;
        columns: BuildColumns<string, SqliteColumns<C>, 'sqlite'>;
        dialect: 'sqlite';
      }>
    : never;
};

export type PgTables<S extends Record<string, Described>> = {
  [Key in keyof S]: S[Key]['columns'] extends infer C extends Columns
    ? p.PgTableWithColumns<{
        name: string;
        schema: undefined;
        columns: BuildColumns<string, PgColumns<C>, 'pg'>;
        dialect: 'pg';
      }>
    : never;
};

/** Any table description (its own column keys make it narrower than TableSpec<Columns>). */
type Described = { readonly name: string; readonly columns: Columns };

type Built = Record<string, Record<string, unknown>>;

/** A foreign key's target, looked up when Drizzle asks (tables may refer to ones described later). */
function target(built: Built, spec: ColumnSpec): () => never {
  const ref = spec.references!;
  return () => {
    const column = built[ref.table]?.[ref.column];
    if (!column) throw new Error(`${spec.name} references ${ref.table}.${ref.column}, which is not described`);
    return column as never;
  };
}

function sqliteColumn(spec: ColumnSpec, built: Built) {
  const base =
    spec.kind === 'text'
      ? s.text(spec.name, spec.enum ? { enum: spec.enum } : {})
      : spec.kind === 'json'
        ? s.text(spec.name)
        : spec.kind === 'bytes'
          ? s.blob(spec.name, { mode: 'buffer' })
          : s.integer(spec.name);
  // drizzle's builders are mutable: each call below configures `base` and returns it.
  if (spec.kind === 'id') base.primaryKey({ autoIncrement: true });
  else if (spec.primaryKey) base.primaryKey();
  if (spec.notNull) base.notNull();
  // A boolean default stays `true`/`false` here: SQLite stores it as 1/0 and the migrations say so.
  if (spec.default !== undefined) base.default(spec.default as never);
  if (spec.references)
    base.references(target(built, spec), spec.references.onDelete ? { onDelete: spec.references.onDelete } : {});
  return base;
}

function pgColumn(spec: ColumnSpec, built: Built) {
  const base =
    spec.kind === 'text'
      ? p.text(spec.name, spec.enum ? { enum: spec.enum } : {})
      : spec.kind === 'json'
        ? p.text(spec.name)
        : spec.kind === 'bytes'
          ? pgBytes(spec.name)
          : spec.kind === 'int' || spec.kind === 'bool'
            ? p.integer(spec.name)
            : p.bigint(spec.name, { mode: 'number' });
  if (spec.primaryKey) base.primaryKey();
  if (spec.kind === 'id') (base as p.PgBigInt53Builder<never>).generatedByDefaultAsIdentity();
  if (spec.notNull) base.notNull();
  const value = typeof spec.default === 'boolean' ? Number(spec.default) : spec.default;
  if (value !== undefined) base.default(value as never);
  if (spec.references && !spec.references.sqliteOnly)
    base.references(target(built, spec), spec.references.onDelete ? { onDelete: spec.references.onDelete } : {});
  return base;
}

const functions = (engine: 'sqlite' | 'postgres'): EngineFunctions => ({
  engine,
  least: (a, b) => (engine === 'sqlite' ? sql`min(${a}, ${b})` : sql`LEAST(${a}, ${b})`),
  greatest: (a, b) => (engine === 'sqlite' ? sql`max(${a}, ${b})` : sql`GREATEST(${a}, ${b})`),
});

/** Bare column names: PostgreSQL's partial-index predicates name columns unqualified. */
function bareNames(spec: TableSpec): Refs<Columns> {
  return Object.fromEntries(Object.entries(spec.columns).map(([key, c]) => [key, sql.raw(c.spec.name)]));
}

function columnsOf(t: Refs<Columns>, keys: readonly string[], table: string) {
  return keys.map((key) => {
    const c = t[key];
    if (!c) throw new Error(`${table}: no column ${key}`);
    return c;
  });
}

type IndexBuilder = (name: string) => {
  on(...columns: [SQLWrapper, ...SQLWrapper[]]): { where(condition: SQL): unknown };
  /** PostgreSQL only: an index method other than b-tree. */
  using?(method: 'brin', ...columns: [SQLWrapper, ...SQLWrapper[]]): unknown;
};

/** The extras (primary key over several columns, indexes, checks) in one dialect. */
function extras(
  spec: TableSpec,
  engine: 'sqlite' | 'postgres',
  t: Refs<Columns>,
  builders: {
    index: IndexBuilder;
    uniqueIndex: IndexBuilder;
    check: (name: string, value: SQL) => unknown;
    primaryKey: (c: { columns: never[] }) => unknown;
  },
): unknown[] {
  const out: unknown[] = [];
  if (spec.primaryKey) out.push(builders.primaryKey({ columns: columnsOf(t, spec.primaryKey, spec.name) as never[] }));
  const whereRefs = engine === 'postgres' ? bareNames(spec) : t;
  for (const i of spec.indexes ?? []) {
    const on = typeof i.on === 'function' ? [i.on(t)] : columnsOf(t, i.on, spec.name);
    const start = builders.index(i.name);
    if (i.brin && engine === 'postgres' && start.using) {
      out.push(start.using('brin', ...(on as [SQLWrapper])));
      continue;
    }
    const built = (i.unique ? builders.uniqueIndex : builders.index)(i.name).on(...(on as [SQLWrapper]));
    const where = engine === 'postgres' ? (i.pgWhere ?? i.where) : i.where;
    out.push(where ? built.where(where(whereRefs)) : built);
  }
  for (const c of spec.checks ?? []) out.push(builders.check(c.name, c.expression(t, functions(engine))));
  return out;
}

/** The SQLite tables of the descriptions, keyed as they are. */
export function sqliteTables<S extends Record<string, Described>>(specs: S): SqliteTables<S> {
  const built: Built = {};
  for (const [key, spec] of Object.entries(specs) as [string, TableSpec][]) {
    const columns = Object.fromEntries(Object.entries(spec.columns).map(([k, c]) => [k, sqliteColumn(c.spec, built)]));
    built[key] = s.sqliteTable(spec.name, columns, (t) => extras(spec, 'sqlite', t as never, s as never) as never);
  }
  return built as SqliteTables<S>;
}

/** The PostgreSQL tables of the descriptions, keyed as they are. */
export function pgTables<S extends Record<string, Described>>(specs: S): PgTables<S> {
  const built: Built = {};
  for (const [key, spec] of Object.entries(specs) as [string, TableSpec][]) {
    const columns = Object.fromEntries(Object.entries(spec.columns).map(([k, c]) => [k, pgColumn(c.spec, built)]));
    built[key] = p.pgTable(spec.name, columns, (t) => extras(spec, 'postgres', t as never, p as never) as never);
  }
  return built as PgTables<S>;
}
