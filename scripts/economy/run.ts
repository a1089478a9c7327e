/**
 * Runs the economy simulation with the real rules and prints its report:
 *   npm run economy -- [--players 10000] [--rolls 2000] [--sessions 2] [--refill-cap 10] [--refill-minutes 30] [--price 0.1] [--json]
 */
import { performance } from 'node:perf_hooks';
import { firstMinutes } from './first-minutes.js';
import { DEFAULT_OPTIONS, simulateEconomy, type Distribution } from './simulate.js';

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const options = {
  ...DEFAULT_OPTIONS,
  players: Number(flag('players') ?? DEFAULT_OPTIONS.players),
  rollsPerPlayer: Number(flag('rolls') ?? DEFAULT_OPTIONS.rollsPerPlayer),
  sessionsPerDay: Number(flag('sessions') ?? DEFAULT_OPTIONS.sessionsPerDay),
  // What-if runs of the operator's settings: DICE_REFILL_CAP and DICE_REFILL_MINUTES.
  refill: {
    cap: Number(flag('refill-cap') ?? DEFAULT_OPTIONS.refill.cap),
    intervalMs: Number(flag('refill-minutes') ?? DEFAULT_OPTIONS.refill.intervalMs / 60_000) * 60_000,
  },
  redemptionPriceUsd: Number(flag('price') ?? DEFAULT_OPTIONS.redemptionPriceUsd),
};
const started = performance.now();
const report = simulateEconomy(options);
const seconds = (performance.now() - started) / 1000;

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...report, seconds }, null, 2));
} else {
  const fmt = (n: number | null, digits = 0) => (n === null ? '-' : n.toFixed(digits));
  const dist = (d: Distribution) =>
    `median ${fmt(d.median)} (p10 ${fmt(d.p10)}, p90 ${fmt(d.p90)}), reached by ${d.reached}/${d.players}`;
  console.log(
    `${options.players} players x ${options.rollsPerPlayer} rolls = ${report.totalRolls} rolls in ${seconds.toFixed(1)} s`,
  );
  console.log('\nTile GOGO per roll by board state (measured):');
  for (const row of report.gogoPerRoll)
    console.log(`  ${row.state.padEnd(26)} ${row.measured.toFixed(2).padStart(7)}  (${row.rolls} rolls)`);
  console.log('\nExpected tile GOGO per roll, every property at one level:');
  for (const row of report.expectedByLevel)
    console.log(`  board ${row.board} level ${row.level}: ${row.gogoPerRoll.toFixed(2)}`);
  console.log(`\nShare of won GOGO spent on upgrades: ${(report.upgradeShare * 100).toFixed(1)} %`);
  console.log('\nPayback of each upgrade:');
  for (const row of report.payback) {
    console.log(
      `  board ${row.board} level ${row.level}: cost ${row.cost}, +${row.extraPerRoll.toFixed(2)} GOGO/roll, pays back in ${row.paybackRolls.toFixed(0)} rolls`,
    );
  }
  for (const kind of ['free', 'paying', 'heavy'] as const) {
    console.log(`\n${kind} player:`);
    report.completion[kind].days.forEach((d, i) => console.log(`  board ${i + 1} days:  ${dist(d)}`));
    report.completion[kind].rolls.forEach((d, i) => console.log(`  board ${i + 1} rolls: ${dist(d)}`));
    const s = report.sources[kind];
    const perDay = (n: number) => (n / s.days).toFixed(2);
    console.log(
      `  dice per player-day: daily ${perDay(s.dice.daily)}, refill ${perDay(s.dice.refill)}, ` +
        `bought ${perDay(s.dice.bought)}, level-up and lap ${perDay(s.dice.levelAndLap)}; spent ${perDay(s.diceSpent)}`,
    );
    const gogo = s.gogo.tiles + s.gogo.salary + s.gogo.achievements + s.gogo.login + s.gogo.boards;
    const share = (n: number) => `${((n / gogo) * 100).toFixed(1)} %`;
    console.log(
      `  GOGO by source: tiles ${share(s.gogo.tiles)}, Start salary ${share(s.gogo.salary)}, ` +
        `achievements ${share(s.gogo.achievements)}, login ${share(s.gogo.login)}, board completion ${share(s.gogo.boards)}`,
    );
  }
  const first = firstMinutes();
  console.log(
    `\na new account's first ${first.minutes} minutes (${first.players} accounts): rolls ${dist(first.rolls)}; ` +
      `dice from starting ${first.mean.starting.toFixed(1)}, daily ${first.mean.daily.toFixed(1)}, ` +
      `refill ${first.mean.refill.toFixed(2)}, level-up and lap ${first.mean.levelAndLap.toFixed(2)}`,
  );
  for (const style of ['x1', 'highest'] as const) {
    console.log(`\nplayers rolling at ${style === 'x1' ? 'x1' : 'the highest multiplier unlocked'}:`);
    report.byStyle[style].days.forEach((d, i) => console.log(`  board ${i + 1} days:  ${dist(d)}`));
  }
  console.log(`\nReturn to player at $${options.redemptionPriceUsd} per GOGO (REDEMPTION_PRICE_USD), when they stop:`);
  for (const kind of ['free', 'paying', 'heavy'] as const) {
    const r = report.returnToPlayer[kind];
    const rtp = r.rtp === null ? 'no spend' : `${(r.rtp * 100).toFixed(1)} % of what they spent`;
    console.log(
      `  ${kind.padEnd(7)} spent $${r.usdSpent.toFixed(2)}, hold ${r.gogoHeld.toFixed(0)} GOGO = $${r.valueUsd.toFixed(2)}: ${rtp}`,
    );
  }
  console.log(`  GOGO minted per USD of dice, all players: ${fmt(report.gogoMintedPerUsd, 1)}`);
}
