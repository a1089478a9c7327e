/**
 * The economy simulation: simulated players play the REAL rules (resolveRoll, applyUpgrade, the daily
 * bonuses, the dice refill, the multiplier and the Start salary) day after day, spend what they win on
 * their board, and the run reports what the economy note (docs/economy.md) promises. Pure and seeded:
 * the same options give the same report.
 */
import {
  applyUpgrade,
  BOARD_COUNT,
  boardDefinition,
  DEFAULT_DICE_REFILL_CAP,
  DEFAULT_DICE_REFILL_MINUTES,
  refillAnchorAfter,
  refillDice,
  unlockedMultipliers,
  dailyDiceAmount,
  dailyLoginBonus,
  emptyBoard,
  gogoFromRaw,
  initialProgress,
  DICE_PER_USD,
  LAUNCH_PRICE_USD,
  nextUpgradeCost,
  PROPERTY_MAX_LEVEL,
  PROPERTY_TILE_IDS,
  propertyLevel,
  rawRewardRange,
  resolveRoll,
  rewardMultiplier,
  seededRandom,
  TILES,
  upgradeCost,
  type Drawer,
  type GameProgress,
  type PlayerBoard,
  type RefillPolicy,
} from '../../shared/src/rules/index.js';

export type PlayerKind = 'free' | 'paying' | 'heavy';
/** 'x1' rolls one die at a time; 'highest' rolls at the highest multiplier unlocked that its dice pay for. */
export type MultiplierStyle = 'x1' | 'highest';
export const MULTIPLIER_STYLES: readonly MultiplierStyle[] = ['x1', 'highest'];

export interface SimulationOptions {
  players: number;
  /** Dice each player rolls in all (a roll at xN counts N), so that x1 and multiplier players compare. */
  rollsPerPlayer: number;
  seed: number;
  /** Dice a paying player buys on each buying day ($1 = 10 dice). */
  payingDicePerPurchase: number;
  /** Days between two purchases of a paying player. */
  payingEveryDays: number;
  /** The dice refill (DICE_REFILL_MINUTES and DICE_REFILL_CAP). */
  refill: RefillPolicy;
  /** Times a day a player comes back and plays out their dice, evenly spread (the first claims the daily dice). */
  sessionsPerDay: number;
  /** Dice a heavy player buys every day. */
  heavyDicePerDay: number;
  /** Heavy players per player of the run, played beside the free and paying halves (not taken from them). */
  heavyShare: number;
  /** What a withdrawal pays per GOGO (REDEMPTION_PRICE_USD): the return to player is priced at it. */
  redemptionPriceUsd: number;
}

export const DEFAULT_OPTIONS: SimulationOptions = {
  players: 10_000,
  rollsPerPlayer: 2_000,
  seed: 20_261_126,
  payingDicePerPurchase: 100,
  payingEveryDays: 3,
  refill: { intervalMs: DEFAULT_DICE_REFILL_MINUTES * 60_000, cap: DEFAULT_DICE_REFILL_CAP },
  sessionsPerDay: 1,
  heavyDicePerDay: 500,
  heavyShare: 0.1,
  redemptionPriceUsd: LAUNCH_PRICE_USD,
};

/** Seeded draws (the simulation needs speed and replays, not secrecy). */
export function seededDrawer(seed: number): Drawer {
  const next = seededRandom(seed);
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** The states a board can be in, for the GOGO-per-roll table: 'b1 empty', 'b1 L1-8', ... */
export function boardState(board: PlayerBoard): string {
  const total = PROPERTY_TILE_IDS.reduce((sum, id) => sum + propertyLevel(board, id), 0);
  const max = PROPERTY_TILE_IDS.length * PROPERTY_MAX_LEVEL;
  if (total === 0) return `board ${board.number}: empty`;
  if (total === max) return `board ${board.number}: complete`;
  const quarter = Math.min(3, Math.floor((total * 4) / max));
  return `board ${board.number}: ${['1-7', '8-15', '16-23', '24-31'][quarter]} levels`;
}

/** The expected tile GOGO of one roll on a board, landing uniformly (the ring's long-run share). */
export function expectedGogoPerRoll(board: PlayerBoard): number {
  let total = 0;
  for (const tile of TILES) {
    const { min, max } = rawRewardRange(tile.type);
    let sum = 0;
    for (let raw = min; raw <= max; raw += 1) sum += gogoFromRaw(raw);
    const mean = sum / (max - min + 1);
    const multiplier = tile.type === 'PROPERTY' ? rewardMultiplier(board.number, propertyLevel(board, tile.id)) : 1;
    total += (mean * multiplier) / TILES.length;
  }
  return total;
}

export interface PaybackRow {
  board: number;
  level: number;
  cost: number;
  /** Expected extra GOGO per roll the level adds to its property. */
  extraPerRoll: number;
  /** Rolls for that extra to repay the cost. */
  paybackRolls: number;
}

/** How many rolls each upgrade takes to pay itself back, for every board and level. */
export function paybackTable(): PaybackRow[] {
  const { min, max } = rawRewardRange('PROPERTY');
  let sum = 0;
  for (let raw = min; raw <= max; raw += 1) sum += gogoFromRaw(raw);
  const propertyMean = sum / (max - min + 1);
  const rows: PaybackRow[] = [];
  for (let board = 1; board <= BOARD_COUNT; board += 1) {
    for (let level = 1; level <= PROPERTY_MAX_LEVEL; level += 1) {
      const extra =
        ((rewardMultiplier(board, level) - rewardMultiplier(board, level - 1)) * propertyMean) / TILES.length;
      const cost = upgradeCost(board, level);
      rows.push({ board, level, cost, extraPerRoll: extra, paybackRolls: cost / extra });
    }
  }
  return rows;
}

/** Where a player's dice and GOGO came from, summed over the players of a kind. */
export interface Sources {
  players: number;
  days: number;
  dice: { starting: number; daily: number; refill: number; bought: number; levelAndLap: number };
  /** Dice spent on rolls (a roll at xN spends N). */
  diceSpent: number;
  gogo: { tiles: number; salary: number; achievements: number; login: number; boards: number };
}

const emptySources = (): Sources => ({
  players: 0,
  days: 0,
  dice: { starting: 0, daily: 0, refill: 0, bought: 0, levelAndLap: 0 },
  diceSpent: 0,
  gogo: { tiles: 0, salary: 0, achievements: 0, login: 0, boards: 0 },
});

interface PlayerResult {
  kind: PlayerKind;
  style: MultiplierStyle;
  sources: Sources;
  rolls: number;
  days: number;
  won: number;
  spent: number;
  /** Dice bought, and the GOGO held when the player stops (what they could ask to withdraw). */
  diceBought: number;
  gogoHeld: number;
  /** Day and roll on which each board was completed (index = board - 1). */
  completedDay: (number | null)[];
  completedRoll: (number | null)[];
}

/** Buys the cheapest next level it can afford, again and again (the greedy builder). */
function buildWhileAffordable(
  state: GameProgress,
  board: PlayerBoard,
  onUpgrade: (spent: number, won: number, completed: number | null) => void,
): { state: GameProgress; board: PlayerBoard } {
  for (;;) {
    let best: number | null = null;
    let bestCost = Infinity;
    for (const id of PROPERTY_TILE_IDS) {
      const cost = nextUpgradeCost(board.number, propertyLevel(board, id));
      if (cost !== null && cost < bestCost) {
        best = id;
        bestCost = cost;
      }
    }
    if (best === null || bestCost > state.balance) return { state, board };
    const out = applyUpgrade(board, best, state.balance);
    let gogo = 0;
    let dice = 0;
    let won = 0;
    for (const delta of out.ledger) {
      if (delta.asset === 'GOGO') gogo += delta.amount;
      else dice += delta.amount;
      if (delta.asset === 'GOGO' && delta.amount > 0) won += delta.amount;
    }
    state = { ...state, balance: state.balance + gogo, diceRollsRemaining: state.diceRollsRemaining + dice };
    onUpgrade(out.cost, won, out.completedBoard);
    board = out.board;
  }
}

interface StateStats {
  gogo: number;
  rolls: number;
}

function counterOf(byState: Map<string, StateStats>, board: PlayerBoard): StateStats {
  const key = boardState(board);
  let stats = byState.get(key);
  if (!stats) {
    stats = { gogo: 0, rolls: 0 };
    byState.set(key, stats);
  }
  return stats;
}

function playPlayer(
  kind: PlayerKind,
  style: MultiplierStyle,
  seed: number,
  options: SimulationOptions,
  byState: Map<string, StateStats>,
): PlayerResult {
  const drawer = seededDrawer(seed);
  let state = initialProgress();
  let board = emptyBoard();
  let anchor: number | null = null;
  const sources = emptySources();
  sources.players = 1;
  sources.dice.starting = state.diceRollsRemaining;
  const result: PlayerResult = {
    kind,
    style,
    sources,
    rolls: 0,
    days: 0,
    won: 0,
    spent: 0,
    diceBought: 0,
    gogoHeld: 0,
    completedDay: Array.from({ length: BOARD_COUNT }, () => null),
    completedRoll: Array.from({ length: BOARD_COUNT }, () => null),
  };
  const DAY_MS = 86_400_000;
  // The board state's key and counters change only with an upgrade: looked up once per change.
  let stats: StateStats | null = counterOf(byState, board);
  const sessionGap = Math.floor(DAY_MS / Math.max(1, options.sessionsPerDay));
  const done = () => sources.diceSpent >= options.rollsPerPlayer;
  for (let day = 0; !done(); day += 1) {
    result.days = day + 1;
    sources.days = day + 1;
    for (let session = 0; session < options.sessionsPerDay && !done(); session += 1) {
      const now = day * DAY_MS + session * sessionGap;
      // The dice that came back since the last session, as the server credits them on the next request.
      const refill = refillDice({ dice: state.diceRollsRemaining, anchor }, now, options.refill);
      anchor = refill.anchor;
      sources.dice.refill += refill.credit;
      state = { ...state, diceRollsRemaining: refill.dice };
      if (session === 0) {
        // The first visit of the day: the login bonus and the free dice of a growing streak.
        const streak = day + 1;
        const login = dailyLoginBonus(streak);
        let bought = 0;
        if (kind === 'paying' && day % options.payingEveryDays === 0) bought = options.payingDicePerPurchase;
        if (kind === 'heavy') bought = options.heavyDicePerDay;
        result.diceBought += bought;
        const daily = dailyDiceAmount(streak);
        state = {
          ...state,
          balance: state.balance + login,
          totalTokensEarned: state.totalTokensEarned + login,
          diceRollsRemaining: state.diceRollsRemaining + daily + bought,
        };
        sources.dice.daily += daily;
        sources.dice.bought += bought;
        sources.gogo.login += login;
        result.won += login;
      }
      for (;;) {
        const open = unlockedMultipliers(state.level, state.diceRollsRemaining);
        const times = style === 'x1' ? 1 : ([...open].reverse().find((m) => m <= state.diceRollsRemaining) ?? 1);
        if (state.diceRollsRemaining < times || done()) break;
        const {
          state: next,
          outcome,
          ledger,
        } = resolveRoll(state, drawer, now + result.rolls, board, {
          multiplier: times,
          firstRoll: result.rolls === 0,
        });
        for (const delta of ledger) if (delta.asset === 'GOGO' && delta.amount > 0) result.won += delta.amount;
        sources.dice.levelAndLap += outcome.levelUpDice + outcome.lapDice;
        sources.diceSpent += times;
        sources.gogo.tiles += outcome.reward;
        sources.gogo.salary += outcome.salary;
        sources.gogo.achievements += outcome.achievementsUnlocked.reduce((sum, a) => sum + a.reward, 0);
        // The table compares with the rules' expectation of one die: x1 rolls only (a multiplied
        // penalty stops at a balance of 0 more often, which lifts the mean per die a little).
        if (times === 1) {
          stats.gogo += outcome.reward;
          stats.rolls += 1;
        }
        state = next;
        result.rolls += 1;
        ({ state, board } = buildWhileAffordable(state, board, (spent, won, completed) => {
          stats = null;
          result.spent += spent;
          result.won += won;
          sources.gogo.boards += won;
          if (completed !== null) {
            result.completedDay[completed - 1] = day + 1;
            result.completedRoll[completed - 1] = result.rolls;
          }
        }));
        stats ??= counterOf(byState, board);
      }
      anchor = refillAnchorAfter(state.diceRollsRemaining, anchor, now, options.refill.cap);
    }
  }
  result.gogoHeld = state.balance;
  return result;
}

export interface Distribution {
  /** Players of this kind who reached it within their rolls. */
  reached: number;
  players: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
}

export function distribution(values: (number | null)[]): Distribution {
  const reached = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const at = (q: number) => (reached.length === 0 ? null : (reached[Math.floor(q * (reached.length - 1))] ?? null));
  return { reached: reached.length, players: values.length, median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

export interface EconomyReport {
  options: SimulationOptions;
  totalRolls: number;
  /** Measured tile GOGO per roll in each board state, beside the expectation of the rules. */
  gogoPerRoll: { state: string; rolls: number; measured: number }[];
  /** Expected tile GOGO per roll with every property of a board at one level. */
  expectedByLevel: { board: number; level: number; gogoPerRoll: number }[];
  /** Share of all GOGO won (tiles, achievements, daily bonuses, completion bonuses) spent on upgrades. */
  upgradeShare: number;
  payback: PaybackRow[];
  /** Days (and rolls) to complete each board, per kind of player. */
  completion: Record<PlayerKind, { days: Distribution[]; rolls: Distribution[] }>;
  /** The same by multiplier style (free and paying players together): x1 against the highest unlocked. */
  byStyle: Record<MultiplierStyle, { days: Distribution[] }>;
  /** Where dice and GOGO came from, per kind of player. */
  sources: Record<PlayerKind, Sources>;
  /**
   * What the house owes per kind of player when they stop: USD spent on dice, GOGO held, its value at
   * the redemption price, and the return to player (that value per USD spent; null for free players).
   */
  returnToPlayer: Record<
    PlayerKind,
    { players: number; usdSpent: number; gogoHeld: number; valueUsd: number; rtp: number | null }
  >;
  /** GOGO won (minted) per USD spent on dice, over every player. */
  gogoMintedPerUsd: number | null;
}

/** Plays the players (half free, half paying) and reports the figures of docs/economy.md. */
export function simulateEconomy(options: SimulationOptions = DEFAULT_OPTIONS): EconomyReport {
  const byState = new Map<string, StateStats>();
  const results: PlayerResult[] = [];
  for (let i = 0; i < options.players; i += 1) {
    // Alternating free and paying, and within each, one in two rolls at the highest multiplier.
    const kind: PlayerKind = i % 2 === 0 ? 'free' : 'paying';
    const style: MultiplierStyle = i % 4 < 2 ? 'x1' : 'highest';
    results.push(playPlayer(kind, style, (options.seed + i * 7919) >>> 0, options, byState));
  }
  // Heavy players are played apart, so that the free and paying halves stay what they were.
  const heavy = Array.from({ length: Math.round(options.players * options.heavyShare) }, (_, i) =>
    playPlayer('heavy', i % 2 === 0 ? 'x1' : 'highest', (options.seed + 104_729 + i * 7919) >>> 0, options, new Map()),
  );
  const won = results.reduce((sum, r) => sum + r.won, 0);
  const spent = results.reduce((sum, r) => sum + r.spent, 0);
  const completion = (kind: PlayerKind) => {
    const mine = results.filter((r) => r.kind === kind);
    return {
      days: boardsRange().map((b) => distribution(mine.map((r) => r.completedDay[b - 1] ?? null))),
      rolls: boardsRange().map((b) => distribution(mine.map((r) => r.completedRoll[b - 1] ?? null))),
    };
  };
  const expectedByLevel: EconomyReport['expectedByLevel'] = [];
  for (const number of boardsRange()) {
    for (let level = 0; level <= PROPERTY_MAX_LEVEL; level += 1) {
      const levels = Object.fromEntries(PROPERTY_TILE_IDS.map((id) => [id, level]));
      expectedByLevel.push({ board: number, level, gogoPerRoll: expectedGogoPerRoll({ number, levels }) });
    }
  }
  const rtpOf = (mine: PlayerResult[]) => {
    const usdSpent = mine.reduce((s, r) => s + r.diceBought, 0) / DICE_PER_USD / Math.max(1, mine.length);
    const gogoHeld = mine.reduce((s, r) => s + r.gogoHeld, 0) / Math.max(1, mine.length);
    const valueUsd = gogoHeld * options.redemptionPriceUsd;
    return { players: mine.length, usdSpent, gogoHeld, valueUsd, rtp: usdSpent > 0 ? valueUsd / usdSpent : null };
  };
  const everyone = [...results, ...heavy];
  const usdAll = everyone.reduce((s, r) => s + r.diceBought, 0) / DICE_PER_USD;
  const wonAll = everyone.reduce((s, r) => s + r.won, 0);
  return {
    options,
    totalRolls: results.reduce((sum, r) => sum + r.rolls, 0),
    gogoPerRoll: [...byState.entries()]
      .sort(([a], [b]) => stateOrder(a) - stateOrder(b))
      .map(([state, s]) => ({ state, rolls: s.rolls, measured: s.gogo / s.rolls })),
    expectedByLevel,
    upgradeShare: won === 0 ? 0 : spent / won,
    payback: paybackTable(),
    completion: {
      free: completion('free'),
      paying: completion('paying'),
      heavy: {
        days: boardsRange().map((b) => distribution(heavy.map((r) => r.completedDay[b - 1] ?? null))),
        rolls: boardsRange().map((b) => distribution(heavy.map((r) => r.completedRoll[b - 1] ?? null))),
      },
    },
    byStyle: {
      x1: { days: byStyleDays(results, 'x1') },
      highest: { days: byStyleDays(results, 'highest') },
    },
    sources: {
      free: sumSources(results, 'free'),
      paying: sumSources(results, 'paying'),
      heavy: sumSources(heavy, 'heavy'),
    },
    returnToPlayer: {
      free: rtpOf(results.filter((r) => r.kind === 'free')),
      paying: rtpOf(results.filter((r) => r.kind === 'paying')),
      heavy: rtpOf(heavy),
    },
    gogoMintedPerUsd: usdAll > 0 ? wonAll / usdAll : null,
  };
}

function byStyleDays(results: PlayerResult[], style: MultiplierStyle): Distribution[] {
  const mine = results.filter((r) => r.style === style);
  return boardsRange().map((b) => distribution(mine.map((r) => r.completedDay[b - 1] ?? null)));
}

function sumSources(results: PlayerResult[], kind: PlayerKind): Sources {
  const total = emptySources();
  for (const r of results) {
    if (r.kind !== kind) continue;
    const s = r.sources;
    total.players += s.players;
    total.days += s.days;
    total.diceSpent += s.diceSpent;
    for (const key of Object.keys(total.dice) as (keyof Sources['dice'])[]) total.dice[key] += s.dice[key];
    for (const key of Object.keys(total.gogo) as (keyof Sources['gogo'])[]) total.gogo[key] += s.gogo[key];
  }
  return total;
}

const boardsRange = () => Array.from({ length: BOARD_COUNT }, (_, i) => boardDefinition(i + 1).number);

const STATE_RANK = ['empty', '1-7', '8-15', '16-23', '24-31', 'complete'];
function stateOrder(state: string): number {
  const board = Number(/board (\d+)/.exec(state)?.[1] ?? 0);
  const rank = STATE_RANK.findIndex((r) => state.includes(`: ${r}`));
  return board * 10 + rank;
}
