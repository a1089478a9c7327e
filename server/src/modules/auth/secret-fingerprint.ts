import { createHmac } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { sql } from '../../db/sql.js';

/**
 * Instances that share a database must sign tokens with one secret: one with another secret would
 * refuse every token the others signed (players logged out at random, behind a proxy that spreads
 * their requests). At start each instance compares the fingerprint of its JWT_SECRET with the one
 * recorded in the database (cluster_settings), and refuses to start on a mismatch.
 *
 * The fingerprint is an HMAC of a fixed label under the secret: it tells whether two secrets are the
 * same, and nothing about the secret.
 *
 * Rotation: an instance whose JWT_PREVIOUS_SECRETS holds the recorded secret is the newer
 * configuration; it records its own secret's fingerprint (a compare-and-set, so two such instances
 * agree) and starts. An instance still configured with the old secret alone then refuses to start.
 * To drop every token at once (a leaked secret), delete the recorded row before starting with the new
 * secret alone.
 *
 * SQLite belongs to one process, so no cluster can split: a changed secret (DATA_DIR/secrets.json
 * generated anew) is recorded as it is.
 */
const NAME = 'jwt_secret_fingerprint';
const LABEL = 'gogo-board token secret fingerprint v1';

export const secretFingerprint = (secret: string): string => createHmac('sha256', secret).update(LABEL).digest('hex');

const selectValue = sql<{ name: string }, { value: string }>('SELECT value FROM cluster_settings WHERE name = :name');
const insertValue = sql<{ name: string; value: string; now: number }>(
  `INSERT INTO cluster_settings (name, value, updated_at) VALUES (:name, :value, :now)
   ON CONFLICT (name) DO NOTHING`,
);
const replaceValue = sql<{ name: string; value: string; expected: string; now: number }>(
  'UPDATE cluster_settings SET value = :value, updated_at = :now WHERE name = :name AND value = :expected',
);

/** 'unchecked': the table is not there yet (migrations pending, MIGRATE_ON_START=off). */
export type SecretCheck = 'recorded' | 'same' | 'rotated' | 'replaced' | 'unchecked';

const isMissingTable = (err: unknown): boolean => {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '42P01' || /no such table/i.test(String(e?.message ?? ''));
};

/** Thrown when this instance's secret is not the one the database records: its message is one line. */
export class SecretMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretMismatchError';
  }
}

/**
 * Compares (and on first start, or on a rotation, records) the token secret's fingerprint. Answers
 * what it did; throws SecretMismatchError when the secrets differ.
 */
export async function checkTokenSecret(
  database: Database,
  secrets: { current: string; previous?: readonly string[] },
  now: number,
): Promise<SecretCheck> {
  const mine = secretFingerprint(secrets.current);
  const previous = new Set((secrets.previous ?? []).map(secretFingerprint));
  return database
    .write<SecretCheck>(async (tx) => {
      if ((await tx.run(insertValue, { name: NAME, value: mine, now })) === 1) return 'recorded';
      const recorded = (await tx.get(selectValue, { name: NAME }))?.value;
      if (recorded === mine) return 'same';
      if (recorded !== undefined && previous.has(recorded)) {
        if ((await tx.run(replaceValue, { name: NAME, value: mine, expected: recorded, now })) === 1) return 'rotated';
        // Another instance rotated meanwhile: to this secret, or to another one.
        if ((await tx.get(selectValue, { name: NAME }))?.value === mine) return 'same';
      }
      if (database.engine === 'sqlite' && recorded !== undefined) {
        await tx.run(replaceValue, { name: NAME, value: mine, expected: recorded, now });
        return 'replaced';
      }
      throw new SecretMismatchError(
        `JWT_SECRET is not the secret the other instances on this database sign tokens with (fingerprint ` +
          `${recorded?.slice(0, 12)} recorded, ${mine.slice(0, 12)} here): give every instance the same ` +
          'JWT_SECRET, or to rotate it put the old one in JWT_PREVIOUS_SECRETS',
      );
    })
    .catch((err: unknown) => {
      if (isMissingTable(err)) return 'unchecked';
      throw err;
    });
}
