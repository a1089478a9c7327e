import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../src/db/client.js';
import type { BusEvent } from '../src/db/events.js';
import { MAX_PAYLOAD_BYTES, payloadsOf } from '../src/db/notify.js';
import { createTestDatabase, testDatabaseUrl, testEngines, type TestDatabase } from './test-databases.js';
import { withAdminClient } from './test-databases.js';

/**
 * The event bus of the data layer (db/events.ts, db/notify.ts) on every engine: events leave after
 * COMMIT and never after a rollback; on PostgreSQL they cross to another instance through
 * LISTEN/NOTIFY, and a LISTEN connection that drops comes back and says `resync`.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder(database: Database) {
  const seen: BusEvent[] = [];
  const stop = database.events.subscribe((event) => seen.push(event));
  const waitFor = async (predicate: (e: BusEvent) => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = seen.find(predicate);
      if (found) return found;
      await sleep(10);
    }
    throw new Error(`no matching event within ${ms} ms; saw ${JSON.stringify(seen)}`);
  };
  return { seen, stop, waitFor };
}

describe.each(testEngines)('event bus on %s', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
  });
  afterAll(async () => db.close());

  it('sends what a transaction published once it committed, in order, each distinct event once', async () => {
    const rec = recorder(db.database);
    let seenInside = -1;
    await db.database.write(async (tx) => {
      tx.publish({ type: 'state', userId: 1 });
      tx.publish({ type: 'summary' });
      tx.publish({ type: 'state', userId: 1 });
      await sleep(20);
      seenInside = rec.seen.length;
    });
    expect(seenInside).toBe(0);
    expect(rec.seen).toEqual([{ type: 'state', userId: 1 }, { type: 'summary' }]);
    rec.stop();
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const rec = recorder(db.database);
    await expect(
      db.database.write(async (tx) => {
        tx.publish({ type: 'state', userId: 2 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.database.write((tx) => tx.publish({ type: 'marker' }));
    await rec.waitFor((e) => e.type === 'marker');
    expect(rec.seen).toEqual([{ type: 'marker' }]);
    rec.stop();
  });

  it('reports its transport', () => {
    expect(db.database.events.transport).toBe(engine === 'postgres' ? 'postgres' : 'in-process');
  });
});

describe('NOTIFY payloads', () => {
  it('split a large batch so that each stays under the limit, and refuse an event too large to send', () => {
    const events = Array.from({ length: 400 }, (_, i) => ({ type: 'transaction', userId: i, transactionId: i * 7 }));
    const payloads = payloadsOf('origin', events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(payloads.flatMap((p) => (JSON.parse(p) as { e: BusEvent[] }).e)).toEqual(events);
    expect(() => payloadsOf('origin', [{ type: 'x', blob: 'y'.repeat(MAX_PAYLOAD_BYTES) }])).toThrow(/too large/);
  });
});

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    second = await connectDatabase({ url: db.url!, file: '', poolMax: 2 });
  });
  afterAll(async () => {
    await second.close();
    await db.close();
  });

  const listenBackends = () =>
    withAdminClient(async (admin) => {
      const res = await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'gogo-listen' AND datname = $1`,
        [new URL(db.url!).pathname.slice(1)],
      );
      return res.rows[0].n as number;
    });

  it('holds a LISTEN connection only while it has subscribers; one that subscribes later receives once it is listening', async () => {
    // Both instances have published and delivered nothing to anyone yet: no LISTEN connection.
    await db.database.write((tx) => tx.publish({ type: 'summary' }));
    expect(await listenBackends()).toBe(0);
    expect(second.events.listenState?.()).toBe('idle');

    const there = recorder(second);
    await second.events.whenListening?.();
    expect(second.events.listenState?.()).toBe('up');
    expect(await listenBackends()).toBe(1);
    await db.database.write((tx) => tx.publish({ type: 'state', userId: 7 }));
    await there.waitFor((e) => e.type === 'state' && e.userId === 7);
    expect(there.seen).toEqual([{ type: 'state', userId: 7 }]); // no resync: nothing was missed

    there.stop();
    expect(second.events.listenState?.()).toBe('idle');
    for (let waited = 0; (await listenBackends()) > 0; waited += 20) {
      if (waited > 3000) throw new Error('the LISTEN connection stayed open without subscribers');
      await sleep(20);
    }
    // Subscribing again opens it again.
    const again = recorder(second);
    await second.events.whenListening?.();
    await db.database.write((tx) => tx.publish({ type: 'state', userId: 8 }));
    await again.waitFor((e) => e.type === 'state' && e.userId === 8);
    again.stop();
  });

  it("an event committed on one instance reaches the other's subscribers; each delivers its own once", async () => {
    const here = recorder(db.database);
    const there = recorder(second);
    await Promise.all([db.database.events.whenListening?.(), second.events.whenListening?.()]);
    await db.database.write((tx) => tx.publish({ type: 'state', userId: 42 }));
    await there.waitFor((e) => e.type === 'state' && e.userId === 42);
    await sleep(200);
    expect(here.seen).toEqual([{ type: 'state', userId: 42 }]);
    expect(there.seen).toEqual([{ type: 'state', userId: 42 }]);
    here.stop();
    there.stop();
  });

  it('a LISTEN connection that is cut comes back, tells its subscribers to resync, and receives again', async () => {
    const there = recorder(second);
    await second.events.whenListening?.();
    const cut = await withAdminClient(async (admin) => {
      const res = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
         WHERE application_name = 'gogo-listen' AND datname = $1`,
        [new URL(db.url!).pathname.slice(1)],
      );
      return res.rows.length;
    });
    expect(cut).toBe(1); // only the instance with a subscriber listens
    await there.waitFor((e) => e.type === 'resync', 5000);
    await db.database.write((tx) => tx.publish({ type: 'summary' }));
    await there.waitFor((e) => e.type === 'summary', 5000);
    there.stop();
  });
});
