import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { batchingRunner } from '../src/db/pg-batch.js';
import { testDatabaseUrl } from './test-databases.js';

/**
 * A transaction's statements sent in one turn go as one batch with a single Sync (db/pg-batch.ts):
 * one ReadyForQuery for all of them, each caller its own result, and after a failure every one of
 * them the failure, the statements behind it not run.
 */
describe.runIf(testDatabaseUrl !== null)('statement batches on PostgreSQL', () => {
  let client: pg.Client;
  let readies = 0;
  let descriptions = 0;
  const named = (name: string, text: string, values: unknown[] = []) => ({ name, text, values });

  beforeAll(async () => {
    client = new pg.Client({ connectionString: testDatabaseUrl!, pipeline: true } as pg.ClientConfig);
    await client.connect();
    const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
    connection.on('readyForQuery', () => (readies += 1));
    connection.on('rowDescription', () => (descriptions += 1));
    await client.query('CREATE TEMP TABLE batch_items (id int PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(async () => client.end());

  const send = (runner: ReturnType<typeof batchingRunner>, configs: pg.QueryConfig[]) =>
    configs.map((config) => runner.query(config).catch((err: unknown) => err as Error));

  it('sends prepared statements and plain texts with one Sync, each caller its own result', async () => {
    const runner = batchingRunner(client as unknown as pg.PoolClient, true);
    const insert = named('batch_insert', 'INSERT INTO batch_items (id, label) VALUES ($1, $2)');
    const select = named('batch_select', 'SELECT id, label FROM batch_items WHERE id = $1');
    // First use: prepared one by one (a statement the connection has not prepared is never batched).
    await Promise.all(send(runner, [{ text: 'BEGIN' }, { ...insert, values: [1, 'one'] }, { text: 'COMMIT' }]));
    await runner.query({ ...select, values: [1] });

    readies = 0;
    const [begin, inserted, found, missing, commit] = await Promise.all(
      send(runner, [
        { text: 'BEGIN' },
        { ...insert, values: [2, 'two'] },
        { ...select, values: [2] },
        { ...select, values: [99] },
        { text: 'COMMIT' },
      ]),
    );
    expect(readies).toBe(1);
    expect((begin as pg.QueryResult).command).toBe('BEGIN');
    expect((inserted as pg.QueryResult).rowCount).toBe(1);
    expect((found as pg.QueryResult).rows).toEqual([{ id: 2, label: 'two' }]);
    expect((missing as pg.QueryResult).rows).toEqual([]);
    expect((commit as pg.QueryResult).command).toBe('COMMIT');

    // Again: the statements' row descriptions are known now, so none is asked for or sent.
    readies = 0;
    descriptions = 0;
    const again = await Promise.all(
      send(runner, [
        { text: 'BEGIN' },
        { ...select, values: [2] },
        { ...insert, values: [4, 'four'] },
        { ...select, values: [4] },
        { ...select, values: [99] },
        { text: 'COMMIT' },
      ]),
    );
    expect([readies, descriptions]).toEqual([1, 0]);
    expect(again.map((r) => (r as pg.QueryResult).rows)).toEqual([
      [],
      [{ id: 2, label: 'two' }],
      [],
      [{ id: 4, label: 'four' }],
      [],
      [],
    ]);
    expect((again[2] as pg.QueryResult).rowCount).toBe(1);
  });

  it('after a failure rejects every statement of the batch with it, and runs none behind it', async () => {
    const runner = batchingRunner(client as unknown as pg.PoolClient, true);
    const insert = named('batch_insert', 'INSERT INTO batch_items (id, label) VALUES ($1, $2)');
    readies = 0;
    const results = await Promise.all(
      send(runner, [
        { text: 'BEGIN' },
        { ...insert, values: [1, 'clash'] }, // id 1 is taken
        { ...insert, values: [3, 'three'] },
        { text: 'COMMIT' },
      ]),
    );
    // The callers hear of the failure as it arrives; the batch's one ReadyForQuery follows it.
    await vi.waitFor(() => expect(readies).toBe(1));
    for (const result of results) expect((result as { code?: string }).code).toBe('23505');
    // COMMIT was not run: the transaction is open and aborted until the caller's ROLLBACK.
    expect(((await runner.query({ text: 'ROLLBACK' })) as pg.QueryResult).command).toBe('ROLLBACK');
    expect((await client.query('SELECT id FROM batch_items ORDER BY id')).rows).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 4 },
    ]);
  });

  it('without batching (behind PgBouncer) sends one query each', async () => {
    const runner = batchingRunner(client as unknown as pg.PoolClient, false);
    readies = 0;
    const [a, b] = await Promise.all(send(runner, [{ text: 'SELECT 1 AS a' }, { text: 'SELECT 2 AS b' }]));
    expect(readies).toBe(2);
    expect([(a as pg.QueryResult).rows, (b as pg.QueryResult).rows]).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });
});
