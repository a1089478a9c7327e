import { parseArgs } from 'node:util';
import { loadConfig } from '../settings/index.js';
import { connectDatabase } from '../db/client.js';
import { sql } from '../db/sql.js';
import { ledgerSumsOf, lockGameState, postLedgerTx } from '../modules/ledger/index.js';

// Bench only (npm run bench), never in production:
//   bench-ledger grant --dice N   credits N dice rolls to every player through the ledger
//   bench-ledger check            prints, as JSON, every player whose cached balance or dice differ
//                                 from the ledger sums, and exits 1 if there is any
// DATABASE_URL (PostgreSQL) or else DATA_DIR (SQLite) selects the database, as for the server.

interface Drift {
  userId: number;
  cached: { GOGO: number; DICE: number };
  ledger: { GOGO: number; DICE: number };
}

const userIds = sql<Record<string, never>, { id: number }>('SELECT id FROM users ORDER BY id');
const cachedBalances = sql<Record<string, never>, { userId: number; balance: number; dice: number }>(
  'SELECT user_id AS "userId", balance, dice_rolls_remaining AS dice FROM game_states ORDER BY user_id',
);
const rollCount = sql<Record<string, never>, { n: number }>('SELECT count(*) AS n FROM rolls');
const diceSpent = sql<Record<string, never>, { n: number }>(
  "SELECT coalesce(sum(amount), 0) AS n FROM ledger_entries WHERE reason = 'roll'",
);
// Every seed's nonce counts exactly the rolls drawn from it: a revealed seed's as written, the
// active seed's as the player's rolls served since it began.
const nonceMismatches = sql<Record<string, never>, { n: number }>(
  `SELECT count(*) AS n FROM fairness_seeds s
   WHERE (CASE WHEN s.revealed_at IS NULL
            THEN coalesce((SELECT g.rolls_served FROM game_states g WHERE g.user_id = s.user_id), 0) - s.served_before
            ELSE s.next_nonce END) <> (SELECT count(*) FROM rolls r WHERE r.seed_id = s.id)`,
);
const negatives = sql<Record<string, never>, { n: number }>(
  'SELECT count(*) AS n FROM game_states WHERE balance < 0 OR dice_rolls_remaining < 0',
);

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { dice: { type: 'string' } },
    strict: true,
  });
  const config = loadConfig();
  if (config.env === 'production') {
    console.error('bench-ledger is a benchmark tool and refuses to run with NODE_ENV=production.');
    process.exit(2);
  }
  const database = await connectDatabase({ url: process.env.DATABASE_URL, file: config.databaseFile });
  try {
    const command = positionals[0];
    if (command === 'grant') {
      const dice = Number(values.dice);
      if (!Number.isSafeInteger(dice) || dice < 1) throw new Error('grant needs --dice N (a whole number >= 1)');
      const ids = (await database.read.all(userIds, {})).map((row) => row.id);
      const now = Date.now();
      await database.write(async (tx) => {
        for (const userId of ids) {
          const state = await lockGameState(tx, userId, now);
          await postLedgerTx(
            tx,
            userId,
            [{ asset: 'DICE', amount: dice, type: 'reward', reason: 'bench_grant' }],
            now,
            {},
            state,
          );
        }
      });
      console.log(JSON.stringify({ granted: dice, players: ids.length }));
      return;
    }
    if (command === 'check') {
      const rows = await database.read.all(cachedBalances, {});
      const drift: Drift[] = [];
      for (const row of rows) {
        const sums = await ledgerSumsOf(database.read, row.userId);
        if (sums.GOGO !== row.balance || sums.DICE !== row.dice) {
          drift.push({ userId: row.userId, cached: { GOGO: row.balance, DICE: row.dice }, ledger: sums });
        }
      }
      // Every roll spent exactly one die.
      const count = async (statement: typeof rollCount) => (await database.read.get(statement, {}))?.n ?? 0;
      const rolls = await count(rollCount);
      const spent = -(await count(diceSpent));
      const mismatches = await count(nonceMismatches);
      const negative = await count(negatives);
      const ok = drift.length === 0 && rolls === spent && mismatches === 0 && negative === 0;
      console.log(
        JSON.stringify({
          ok,
          players: rows.length,
          rolls,
          diceSpent: spent,
          nonceMismatches: mismatches,
          negative,
          drift,
        }),
      );
      if (!ok) process.exitCode = 1;
      return;
    }
    console.error('Usage: bench-ledger grant --dice N | bench-ledger check');
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
