import { cpus, loadavg } from 'node:os';
import { expect, test, type Page } from './fixtures';
import { boardFrame, dismissToasts, isRollResponse, openGame, tapRollUntilSent } from './game-support';
import { fundPlayer } from './payoff-support';

// The payoff without stutter: over 20 ordinary rolls at the spec's tempo, the page's Long Tasks API
// counts the main-thread tasks over 50 ms around each reward (from the landing to 0.4 s after the
// reward shows). A player sees a stutter as a frame that does not come; the median roll may have at
// most one. The same walk times each tap to its reward by the die's face, at the spec's tempo and
// with Fast rolls. The figures are printed for the closing note and kept with the test's results.

const ROLLS = 20;
/** The window after the reward appears in which the coins fly and the balance counts. */
const PAYOFF_WINDOW_MS = 400;

interface RollTimes {
  die: number;
  tap: number;
  reward: number | null;
  idle: number;
}

declare global {
  interface Window {
    __longTasks: Array<{ start: number; duration: number }>;
    __rewardAt: number[];
  }
}

/** Records every long task of the page and the moments a reward starts showing. */
async function watchLongTasks(page: Page) {
  await page.addInitScript(() => {
    window.__longTasks = [];
    window.__rewardAt = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    // The board frame says when a roll's reward begins (data-roll-phase="rewarding").
    const attach = () => {
      const frame = document.querySelector('.board-frame');
      if (!frame) return false;
      new MutationObserver(() => {
        if (frame.getAttribute('data-roll-phase') === 'rewarding') window.__rewardAt.push(performance.now());
      }).observe(frame, { attributes: true, attributeFilter: ['data-roll-phase'] });
      return true;
    };
    const retry = () => {
      if (!attach()) requestAnimationFrame(retry);
    };
    retry();
  });
}

const now = (page: Page) => page.evaluate(() => performance.now());

/** Plays `rolls` rolls as a player does (tap as soon as the board is idle) and times each one. */
async function walk(page: Page, rolls: number): Promise<RollTimes[]> {
  const times: RollTimes[] = [];
  for (let i = 0; i < rolls; i += 1) {
    await expect(boardFrame(page)).toHaveAttribute('data-roll-phase', 'idle', { timeout: 20_000 });
    const tap = await now(page);
    const rewardsBefore = await page.evaluate(() => window.__rewardAt.length);
    const answer = page.waitForResponse(isRollResponse);
    await tapRollUntilSent(page);
    const { die } = ((await (await answer).json()) as { data: { die: number } }).data;
    await expect(boardFrame(page)).not.toHaveAttribute('data-roll-phase', 'idle', { timeout: 5_000 });
    await expect(boardFrame(page)).toHaveAttribute('data-roll-phase', 'idle', { timeout: 20_000 });
    // A modal payoff (a level-up, an achievement) is closed as a player closes it.
    const celebration = await boardFrame(page).getAttribute('data-celebration');
    if (celebration !== 'none' && celebration !== 'card') {
      await page
        .getByRole('dialog')
        .first()
        .getByRole('button', { name: /Collect|Continue|Awesome!|Next/ })
        .click();
    }
    const reward = await page.evaluate((n) => window.__rewardAt[n] ?? null, rewardsBefore);
    times.push({ die, tap, reward, idle: await now(page) });
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Median ms from the tap to the reward, by the die's face. */
function tapToReward(rolls: RollTimes[]): Record<number, number> {
  const byFace: Record<number, number> = {};
  for (let face = 1; face <= 6; face += 1) {
    const times = rolls.filter((r) => r.die === face && r.reward !== null).map((r) => r.reward! - r.tap);
    if (times.length > 0) byFace[face] = Math.round(median(times));
  }
  return byFace;
}

/** Opens the game as a new player with dice for the whole walk, as a player with a purchase has them. */
async function openWithDice(page: Page, dice: number, settings?: object) {
  await watchLongTasks(page);
  if (settings) {
    await page.addInitScript((value) => localStorage.setItem('gogo.settings', value), JSON.stringify(settings));
  }
  const player = await openGame(page);
  await fundPlayer(page, player, 10, dice);
  await page.reload();
  await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
  await dismissToasts(page);
}

test.describe('payoff without stutter', () => {
  test.use({ reducedMotion: 'no-preference' });
  test.describe.configure({ timeout: 240_000 });

  test('the median roll has at most one long task around its reward', { tag: '@phone' }, async ({ page }, info) => {
    await openWithDice(page, ROLLS + 5);
    const rolls = await walk(page, ROLLS);
    // The last reward's window closes before the count.
    await page.waitForTimeout(PAYOFF_WINDOW_MS);
    const tasks = await page.evaluate(() => window.__longTasks);

    const inside = (from: number, to: number) =>
      tasks.filter((t) => t.start < to && t.start + t.duration > from && t.duration > 50);
    const perRoll = rolls.map((r) => inside(r.tap, r.idle).length);
    const payoff = rolls.map((r) =>
      r.reward === null ? 0 : inside(r.reward - 100, r.reward + PAYOFF_WINDOW_MS).length,
    );
    const figures = {
      rolls: ROLLS,
      longTasksPerRoll: perRoll,
      longTasksAtPayoff: payoff,
      medianPerRoll: median(perRoll),
      medianAtPayoff: median(payoff),
      totalAtPayoff: payoff.reduce((a, b) => a + b, 0),
      longest: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      tapToRewardMsByFace: tapToReward(rolls),
      load: loadavg()[0]?.toFixed(2),
      cores: cpus().length,
    };
    console.log(`payoff long tasks: ${JSON.stringify(figures)}`);
    await info.attach('payoff-long-tasks.json', {
      body: JSON.stringify(figures, null, 2),
      contentType: 'application/json',
    });
    expect(rolls.filter((r) => r.reward !== null).length).toBe(ROLLS);
    expect(figures.medianAtPayoff).toBeLessThanOrEqual(1);
  });

  test('Fast rolls bring the reward sooner for every face', { tag: '@phone' }, async ({ page }, info) => {
    await openWithDice(page, 8, {
      gameplay: { showTutorial: false, fastRolls: true, autoRoll: false, confirmActions: true },
    });
    const rolls = await walk(page, 6);
    const fast = tapToReward(rolls);
    console.log(`tap to reward with Fast rolls: ${JSON.stringify({ fast, load: loadavg()[0]?.toFixed(2) })}`);
    await info.attach('tap-to-reward-fast.json', {
      body: JSON.stringify(fast, null, 2),
      contentType: 'application/json',
    });
    // The spec's tempo gives a 3 about 2.3 s and a 6 about 3.5 s; half the step time takes far less.
    for (const [face, ms] of Object.entries(fast)) expect(ms, `face ${face}`).toBeLessThan(1000 + Number(face) * 380);
  });
});
