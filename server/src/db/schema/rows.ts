/**
 * Row types, inferred from the tables built from the descriptions: `Row<'users'>` is a users row as
 * SQL reads it on either engine (times and counts as numbers, flags as 0/1, JSON as its text);
 * `NewRow<'users'>` is what an insert must give. Take columns with Pick when a query reads a few.
 */
import type * as sqlite from './sqlite.js';
import type * as postgres from './postgres.js';

type TableKey = keyof typeof sqlite;

export type Row<K extends TableKey> = (typeof sqlite)[K]['$inferSelect'];
export type NewRow<K extends TableKey> = (typeof sqlite)[K]['$inferInsert'];

/** Both dialects infer the same rows; a kind that maps differently fails to compile here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AllSame = { [K in TableKey]: Same<Row<K>, (typeof postgres)[K]['$inferSelect']> }[TableKey];
const sameRows: AllSame = true;
void sameRows;
