import { expect, test, type Page } from './fixtures';
import { adminApiToken, adminSignIn, openTab } from './admin-support';
import {
  boxOf,
  closeRollDialogs,
  dismissToasts,
  expectRollShown,
  intersects,
  openGame,
  rollWith,
  tapRollUntilSent,
} from './game-support';
import { advanceServerClock, serverNow } from './server-clock';
import { uniquePlayer } from './support';

/*
 * Live events, daily challenges and the friends race on /game, and the back office's Events page.
 * The flow runs on the real server (an event that ends within the test when the test moves the
 * server's clock, settled by the server's own sweeper); the screenshots use fixed answers (page.route) so that names, counts and countdowns
 * do not move between runs, in both themes and at both sizes (the project is part of the path).
 */

const MIN = 60_000;
const NOW = new Date('2026-11-25T12:00:00Z');

async function createEvent(page: Page, body: Record<string, unknown>) {
  const token = await adminApiToken(page.request);
  const res = await page.request.post('/api/admin/events', {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.event as { id: number; name: string; endsAt: string };
}

async function openHub(page: Page) {
  await page.getByTestId('events-launcher').click();
  await expect(page.getByRole('dialog', { name: 'Events' })).toBeVisible();
}
const closeHub = (page: Page) =>
  page.getByRole('dialog', { name: 'Events' }).getByRole('button', { name: 'Close' }).click();

test('join a live event, roll, see the rank move, then the results card @phone', async ({ page }) => {
  // A five-minute event, live on the server's clock; once the rolls are in, the test moves that clock
  // past the end (server-clock.ts) and the server's own sweeper settles it.
  const startsAt = serverNow() - MIN;
  const endsAt = startsAt + 5 * MIN;
  const name = `Sprint ${Date.now().toString(36)}`;
  const event = await createEvent(page, {
    name,
    metric: 'rolls',
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    prizes: [{ fromRank: 1, toRank: 1, gogo: 250, dice: 5 }],
  });
  // A rival who joined first and rolled once: a tie on one roll goes to them.
  const rival = uniquePlayer('rv');
  const reg = await page.request.post('/api/auth/register', { data: rival });
  const rivalToken = (await reg.json()).data.token as string;
  const auth = { Authorization: `Bearer ${rivalToken}` };
  expect((await page.request.post(`/api/events/${event.id}/join`, { headers: auth })).status()).toBe(200);
  expect((await page.request.post('/api/game/roll', { headers: auth, data: {} })).status()).toBe(200);

  await openGame(page);
  await expect(page.getByTestId('events-badge')).toBeVisible();
  await openHub(page);
  const card = page.getByTestId('event-card').filter({ hasText: name });
  await card.getByRole('button', { name: 'Join' }).tap();
  await expect(card.getByTestId('event-rank')).toHaveText('Roll to get a rank');
  await closeHub(page);

  for (const expected of ['Rank 2 of 2', 'Rank 1 of 2']) {
    const result = await rollWith(page, () => tapRollUntilSent(page));
    await expectRollShown(page, result);
    await closeRollDialogs(page);
    await openHub(page);
    // The socket's eventRank push moves the card without a reload.
    await expect(card.getByTestId('event-rank')).toHaveText(expected);
    await closeHub(page);
  }
  // Past the end and the settlement's grace second; the sweep (every 2 s) settles it and the socket tells.
  advanceServerClock(endsAt - serverNow() + 2_000);
  await expect(page.getByTestId('event-results')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('event-results')).toContainText(`You finished #1 in ${name}.`);
  await expect(page.getByTestId('event-results')).toContainText('250 GOGO + 5 dice');
  await page.getByRole('button', { name: 'Collect' }).tap();
  await expect(page.getByTestId('event-results')).toBeHidden();
});

test('the live-now row under the tile strip offers the live event, joins it in one tap and follows the rolls @phone', async ({
  page,
}) => {
  // A long event on the server's clock; other specs' events may be live at the same time on this
  // server, so the events list this page reads is the server's own answer cut down to this event.
  const startsAt = serverNow() - MIN;
  const name = `Live row ${Date.now().toString(36)}`;
  const event = await createEvent(page, {
    name,
    metric: 'rolls',
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(startsAt + 120 * MIN).toISOString(),
    prizes: [{ fromRank: 1, toRank: 1, gogo: 100, dice: 2 }],
  });
  await page.route(/\/api\/events$/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.events = body.data.events.filter((e: { id: number }) => e.id === event.id);
    await route.fulfill({ response, json: body });
  });
  await openGame(page);
  // The day's streak toast of a new player moves above the row once the row is in, never staying
  // over its Join button (a toast that does stays there until it closes, and then has no box).
  const row = page.getByTestId('live-now');
  const toast = page.locator('.toast-card').first();
  await expect(toast).toBeVisible();
  await expect
    .poll(async () => intersects(await boxOf(toast), await boxOf(row.getByTestId('live-now-join'))))
    .toBe(false);
  await dismissToasts(page);

  await expect(row).toHaveAttribute('data-kind', 'join');
  await expect(row).toContainText(name);
  await expect(row.getByTestId('live-now-sub')).toHaveText('Only rolls after you join count');
  // Wholly on screen, between the tile strip and the next goal, above the dock.
  const [strip, box, goal] = await Promise.all(
    [page.locator('.tile-strip'), row, page.locator('.next-goal')].map((l) => l.boundingBox()),
  );
  expect(box!.y).toBeGreaterThanOrEqual(strip!.y + strip!.height);
  expect(box!.y + box!.height).toBeLessThanOrEqual(goal!.y);

  // The hub says the same before its Join: only what comes after joining counts.
  await row.getByRole('button', { name: `${name}: open Events` }).tap();
  const card = page.getByTestId('event-card').filter({ hasText: name });
  await expect(card.getByTestId('event-join-note')).toHaveText(
    'Only rolls made after you join count: rolls before joining are not added.',
  );
  await closeHub(page);

  const joined = page.waitForResponse((r) => r.url().endsWith(`/api/events/${event.id}/join`) && r.status() === 200);
  await row.getByTestId('live-now-join').tap();
  await joined;
  await expect(row).toHaveAttribute('data-kind', 'standing');
  await expect(row.getByTestId('live-now-sub')).toHaveText('Joined · roll to get a rank');

  const result = await rollWith(page, () => tapRollUntilSent(page));
  await expectRollShown(page, result);
  await closeRollDialogs(page);
  await expect(row.getByTestId('live-now-sub')).toHaveText('#1 of 1 · Score 1');
});

const iso = (offset: number) => new Date(NOW.getTime() + offset).toISOString();
const FIXED = {
  events: [
    {
      id: 1,
      name: 'Weekend GOGO rush',
      metric: 'gogo_won',
      startsAt: iso(-2 * 3_600_000),
      endsAt: iso(3 * 3_600_000 + 25 * MIN),
      status: 'live',
      settled: false,
      joined: true,
      myScore: 1240,
      myRank: 3,
      entrants: 48,
      maxEntrants: null,
      prizes: [
        { fromRank: 1, toRank: 1, gogo: 1000, dice: 20 },
        { fromRank: 2, toRank: 5, gogo: 250, dice: 5 },
      ],
      result: null,
    },
    {
      id: 2,
      name: 'Lap marathon',
      metric: 'laps',
      startsAt: iso(26 * 3_600_000),
      endsAt: iso(50 * 3_600_000),
      status: 'upcoming',
      settled: false,
      joined: false,
      myScore: null,
      myRank: null,
      entrants: 0,
      maxEntrants: 100,
      prizes: [{ fromRank: 1, toRank: 10, gogo: 100, dice: 0 }],
      result: null,
    },
  ],
  board: {
    entries: [
      { rank: 2, username: 'whale_watcher', score: 1310 },
      { rank: 3, username: 'you_player', score: 1240 },
      { rank: 4, username: 'dice_queen', score: 990 },
    ],
    me: { rank: 3, score: 1240 },
  },
  challenges: {
    day: '2026-11-25',
    endsAt: '2026-11-26T00:00:00.000Z',
    challenges: [
      {
        id: 'roll_20',
        title: 'Roll 20 times',
        goal: 20,
        progress: 20,
        reward: { dice: 4, gogo: 0 },
        completed: true,
        claimed: false,
      },
      {
        id: 'property_3',
        title: 'Land on 3 properties',
        goal: 3,
        progress: 2,
        reward: { dice: 2, gogo: 5 },
        completed: false,
        claimed: false,
      },
      {
        id: 'win_100',
        title: 'Win 100 GOGO',
        goal: 100,
        progress: 100,
        reward: { dice: 3, gogo: 10 },
        completed: true,
        claimed: true,
      },
    ],
    streak: { days: 4, bonusEvery: 7, bonus: { dice: 10, gogo: 50 }, todayCounted: false },
  },
  race: {
    week: '2026-11-23',
    startsAt: '2026-11-23T00:00:00.000Z',
    endsAt: '2026-11-30T00:00:00.000Z',
    entries: [
      { rank: 1, userId: 7, username: 'whale_watcher', score: 2450, me: false },
      { rank: 2, userId: 9, username: 'you_player', score: 1830, me: true },
      { rank: 3, userId: 4, username: 'dice_queen', score: 640, me: false },
    ],
    prize: { gogo: 50, dice: 5 },
    eligible: true,
    minPlayers: 3,
  },
};

async function fixedAnswers(page: Page) {
  const ok = (data: unknown) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ success: true, data }),
  });
  await page.route(/\/api\/events$/, (route) => route.fulfill(ok({ events: FIXED.events })));
  await page.route(/\/api\/events\/\d+\/leaderboard/, (route) => route.fulfill(ok(FIXED.board)));
  await page.route(/\/api\/challenges$/, (route) => route.fulfill(ok(FIXED.challenges)));
  await page.route(/\/api\/friends-race$/, (route) => route.fulfill(ok(FIXED.race)));
}

for (const theme of ['dark', 'light'] as const) {
  test(`the events hub, its challenges and the friends race in the ${theme} theme`, async ({ page }) => {
    await page.clock.setFixedTime(NOW);
    await page.addInitScript((t) => {
      localStorage.setItem(
        'gogo.settings',
        JSON.stringify({
          display: { theme: t, animations: true, particleEffects: true },
          gameplay: { showTutorial: false },
        }),
      );
    }, theme);
    await fixedAnswers(page);
    await openGame(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByTestId('events-badge')).toHaveText('1'); // one reward to claim
    // The hub's button in the header (the player's generated name and the socket's state masked).
    await expect(page.locator('.game-header')).toHaveScreenshot(`events-header-${theme}.png`, {
      mask: [page.locator('.game-header__player'), page.locator('.game-header .live-indicator')],
    });
    // The game's own toasts (the day's login bonus) leave first: the shots hold the hub alone.
    await dismissToasts(page);
    await openHub(page);
    const hub = page.getByRole('dialog', { name: 'Events' });
    await expect(hub.getByTestId('event-standings')).toBeVisible();
    await expect(hub).toHaveScreenshot(`events-hub-${theme}.png`, { animations: 'disabled' });
    await hub.getByRole('tab', { name: 'Challenges' }).click();
    await expect(hub.getByTestId('challenge')).toHaveCount(3);
    await expect(hub).toHaveScreenshot(`events-challenges-${theme}.png`, { animations: 'disabled' });
    await hub.getByRole('tab', { name: 'Friends' }).click();
    await expect(hub.getByTestId('friends-race')).toBeVisible();
    await expect(hub).toHaveScreenshot(`events-friends-${theme}.png`, { animations: 'disabled' });
  });
}

test('the back office schedules an event with a preview and lists it @desktop', async ({ page }) => {
  await adminSignIn(page);
  await openTab(page, /^Events$/);
  const name = `Ops cup ${Date.now().toString(36)}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Metric').selectOption('rolls');
  // The form proposes the browser's next hour; another spec may have moved the server's clock past it.
  const startsAt = Math.ceil(serverNow() / 3_600_000) * 3_600_000 + 7 * 86_400_000;
  const asInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  await page.getByLabel('Starts (UTC)').fill(asInput(startsAt));
  await page.getByLabel('Ends (UTC)').fill(asInput(startsAt + 86_400_000));
  await expect(page.getByRole('complementary', { name: 'Preview' }).getByTestId('event-card')).toContainText(name);
  await page.getByRole('button', { name: 'Add a prize range' }).click();
  await expect(page.getByTestId('prize-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Schedule event' }).click();
  await expect(page.getByText(`Scheduled "${name}".`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('event-status')).toHaveText('upcoming');
  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByTestId('event-status')).toHaveText('cancelled');
});
