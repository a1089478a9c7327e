import { sql, type Queryable, type Tx } from '../../db/sql.js';

export type AddressKind = 'signup' | 'login';

// One row per (player, kind, address, device): a repeat only moves last_seen_at and the count.
const upsertAddress = sql<{ userId: number; kind: string; ip: string; deviceId: string; now: number }>(
  `INSERT INTO account_addresses (user_id, kind, ip, device_id, first_seen_at, last_seen_at, count)
   VALUES (:userId, :kind, :ip, :deviceId, :now, :now, 1)
   ON CONFLICT (user_id, kind, ip, device_id) DO UPDATE SET
     count = account_addresses.count + 1, last_seen_at = excluded.last_seen_at`,
);

/**
 * Records where a player signed up or signed in from (the source address as TRUST_PROXY resolves it,
 * and the client's device id or ''), in the transaction of the sign-up or login itself. The
 * withdrawal risk score reads these rows to link accounts.
 */
export function recordAddress(
  tx: Tx,
  entry: { userId: number; kind: AddressKind; ip: string; deviceId: string },
  now: number,
) {
  return tx.run(upsertAddress, { ...entry, ip: entry.ip.slice(0, 64), now });
}

const seenFrom = sql<{ userId: number; ip: string; deviceId: string }, { one: number }>(
  `SELECT 1 AS one FROM account_addresses
   WHERE user_id = :userId AND (ip = :ip OR (device_id = :deviceId AND device_id <> '')) LIMIT 1`,
);

/** True when the player signed up or in from this address or this device before: the owner, most likely. */
export async function knownOrigin(q: Queryable, userId: number, origin: { ip: string; deviceId: string }) {
  return (await q.get(seenFrom, { userId, ip: origin.ip.slice(0, 64), deviceId: origin.deviceId })) !== undefined;
}

// Any address or device id the two players signed up or signed in from, in common.
const originsShared = sql<{ a: number; b: number }, { one: number }>(
  `SELECT 1 AS one FROM account_addresses x
   JOIN account_addresses y ON y.user_id = :b AND (y.ip = x.ip OR (y.device_id = x.device_id AND x.device_id <> ''))
   WHERE x.user_id = :a LIMIT 1`,
);

/** True when two players share a sign-up or login address or device: most likely one person. */
export async function sharesOrigin(q: Queryable, a: number, b: number): Promise<boolean> {
  return (await q.get(originsShared, { a, b })) !== undefined;
}
