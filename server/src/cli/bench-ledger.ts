import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { ensureGameState, ledgerSums, postLedger } from '../modules/ledger/ledger.js';

// Bench only (npm run bench), never in production:
//   bench-ledger grant --dice N   credits N dice rolls to every player through the ledger
//   bench-ledger check            prints, as JSON, every player whose cached balance or dice differ
//                                 from the ledger sums, and exits 1 if there is any
// DATA_DIR selects the database, as for the server.

interface Drift {
  userId: number;
  cached: { GOGO: number; DICE: number };
  ledger: { GOGO: number; DICE: number };
}

function main() {
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
  const database = openDatabase(config.databaseFile);
  try {
    const command = positionals[0];
    if (command === 'grant') {
      const dice = Number(values.dice);
      if (!Number.isSafeInteger(dice) || dice < 1) throw new Error('grant needs --dice N (a whole number >= 1)');
      const ids = database.sqlite.prepare('SELECT id FROM users ORDER BY id').pluck().all() as number[];
      const now = Date.now();
      database.legacyWrite((db) => {
        for (const userId of ids) {
          ensureGameState(db, userId, now);
          postLedger(db, userId, [{ asset: 'DICE', amount: dice, type: 'reward', reason: 'bench_grant' }], now);
        }
      });
      console.log(JSON.stringify({ granted: dice, players: ids.length }));
      return;
    }
    if (command === 'check') {
      const rows = database.sqlite
        .prepare('SELECT user_id AS userId, balance, dice_rolls_remaining AS dice FROM game_states ORDER BY user_id')
        .all() as { userId: number; balance: number; dice: number }[];
      const drift: Drift[] = [];
      for (const row of rows) {
        const sums = ledgerSums(database.db, row.userId);
        if (sums.GOGO !== row.balance || sums.DICE !== row.dice) {
          drift.push({ userId: row.userId, cached: { GOGO: row.balance, DICE: row.dice }, ledger: sums });
        }
      }
      // Every roll spent exactly one die, and every seed's nonce counts exactly its rolls.
      const count = (sql: string) => (database.sqlite.prepare(sql).get() as { n: number }).n;
      const rolls = count('SELECT count(*) AS n FROM rolls');
      const spent = -count("SELECT coalesce(sum(amount), 0) AS n FROM ledger_entries WHERE reason = 'roll'");
      const nonceMismatches = count(
        `SELECT count(*) AS n FROM fairness_seeds s
         WHERE s.next_nonce != (SELECT count(*) FROM rolls r WHERE r.seed_id = s.id)`,
      );
      const negative = count('SELECT count(*) AS n FROM game_states WHERE balance < 0 OR dice_rolls_remaining < 0');
      const ok = drift.length === 0 && rolls === spent && nonceMismatches === 0 && negative === 0;
      console.log(
        JSON.stringify({ ok, players: rows.length, rolls, diceSpent: spent, nonceMismatches, negative, drift }),
      );
      if (!ok) process.exitCode = 1;
      return;
    }
    console.error('Usage: bench-ledger grant --dice N | bench-ledger check');
    process.exitCode = 2;
  } finally {
    database.close();
  }
}

try {
  main();
} catch (err) {
  console.error(err);
  process.exit(1);
}
