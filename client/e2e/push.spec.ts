import { expect, test, type Page } from './fixtures';
import { adminApiToken } from './admin-support';
import { evmTxHash } from './eligibility';
import { openGame } from './game-support';
import { serverNow } from './server-clock';
import { uniquePlayer } from './support';

/*
 * Push on /game: "Remind me" on an upcoming event (turning notifications on for this device first),
 * and the Profile tab's badge. Headless Chromium has no push service to subscribe with, so the
 * browser's side (the permission and PushManager) is played by a stand-in that makes a real P-256
 * key pair and an auth secret, exactly what the server checks; everything else is the real app and
 * server. The server's own delivery is tested against a push service stand-in (server/test/push.test.ts).
 */

const MIN = 60_000;

/** The browser's push: permission `initial`, and a PushManager that subscribes with fresh keys. */
async function fakeBrowserPush(page: Page, initial: NotificationPermission) {
  await page.addInitScript((start) => {
    const w = window as unknown as { __perm: NotificationPermission; __sub: unknown; __asked: number };
    w.__perm = start;
    w.__asked = 0;
    Object.defineProperty(Notification, 'permission', { get: () => w.__perm });
    Notification.requestPermission = async () => {
      w.__asked += 1;
      if (w.__perm === 'default') w.__perm = 'granted';
      return w.__perm;
    };
    const b64 = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const pushManager = {
      getSubscription: async () => w.__sub ?? null,
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
        const p256dh = b64(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
        const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
        const endpoint = `${location.origin}/test-push-service/${Math.random().toString(36).slice(2)}`;
        const key = options.applicationServerKey;
        w.__sub = {
          endpoint,
          options: { applicationServerKey: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) },
          toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            w.__sub = null;
            return true;
          },
        };
        return w.__sub;
      },
    };
    const registration = { pushManager, scope: `${location.origin}/` };
    navigator.serviceWorker.getRegistration = async () => registration as unknown as ServiceWorkerRegistration;
    navigator.serviceWorker.register = async () => registration as unknown as ServiceWorkerRegistration;
  }, initial);
}

async function upcomingEvent(page: Page, name: string, startsInMs: number) {
  const token = await adminApiToken(page.request);
  const startsAt = serverNow() + startsInMs;
  const res = await page.request.post('/api/admin/events', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      metric: 'rolls',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 60 * MIN).toISOString(),
      prizes: [{ fromRank: 1, toRank: 3, gogo: 100, dice: 2 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()).data.event as { id: number }), startsAt };
}

test('an upcoming event shows its countdown, and Remind me turns push on first @phone', async ({ page }) => {
  const name = `Soon ${Date.now().toString(36)}`;
  const event = await upcomingEvent(page, name, 42 * MIN);
  await fakeBrowserPush(page, 'default');
  const player = await openGame(page);
  await page.getByTestId('events-launcher').click();
  const card = page.getByTestId('event-card').filter({ hasText: name });
  await expect(card).toHaveAttribute('data-status', 'upcoming');
  // The page counts on the browser's clock; the test server's clock may run ahead of it (another test
  // moved it on), so what is expected is the time from the browser's now to the event's start.
  const shownMs = async () => {
    const text = (await card.getByTestId('event-countdown').textContent()) ?? '';
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;
    if (!text.startsWith('Starts in')) return Number.NaN;
    return [...text.matchAll(/(\d+)([dhms])/g)].reduce(
      (ms, [, n, u]) => ms + Number(n) * unit[u as keyof typeof unit],
      0,
    );
  };
  // Within the display's resolution: a minute when it shows hours and minutes.
  await expect.poll(async () => Math.abs((await shownMs()) - (event.startsAt - Date.now()))).toBeLessThan(90_000);
  // Nothing was asked on load: the browser's prompt comes only from the player's own tap.
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);

  await card.getByTestId('remind-button').click();
  const explain = card.getByTestId('remind-explain');
  await expect(explain).toContainText('Reminders arrive as push notifications');
  const subscribed = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
  );
  const reminded = page.waitForResponse((r) => r.url().endsWith(`/api/events/${event.id}/remind`));
  await explain.getByRole('button', { name: 'Turn on notifications' }).click();
  expect((await subscribed).status()).toBe(201);
  expect((await reminded).status()).toBe(200);
  await expect(card.getByTestId('remind-button')).toHaveText(/Reminder set/);
  await expect(card.getByTestId('remind-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('remind-note')).toContainText(`We will notify you when ${name} starts.`);
  const listed = await page.request.get('/api/events', { headers: { Authorization: `Bearer ${player.token}` } });
  const mine = ((await listed.json()).data.events as Array<{ id: number; reminder?: boolean }>).find(
    (e) => e.id === event.id,
  );
  expect(mine?.reminder).toBe(true);

  // A second tap cancels it.
  await card.getByTestId('remind-button').click();
  await expect(card.getByTestId('remind-button')).toHaveText('Remind me');
});

test('a browser that blocks notifications is told why Remind me cannot work @phone', async ({ page }) => {
  const name = `Blocked ${Date.now().toString(36)}`;
  await upcomingEvent(page, name, 90 * MIN);
  await fakeBrowserPush(page, 'denied');
  await openGame(page);
  await page.getByTestId('events-launcher').click();
  const card = page.getByTestId('event-card').filter({ hasText: name });
  await card.getByTestId('remind-button').click();
  await expect(card.getByTestId('remind-explain')).toContainText('which this browser blocks for this site');
  await expect(card.getByTestId('remind-button')).toHaveText('Remind me');
});

test('the Profile tab counts a friend request waiting, and clears once it is answered @phone', async ({ page }) => {
  const friend = uniquePlayer('fr');
  const reg = await page.request.post('/api/auth/register', { data: friend });
  const friendToken = (await reg.json()).data.token as string;
  const player = await openGame(page);
  await expect(page.getByTestId('profile-badge')).toHaveCount(0);
  const sent = await page.request.post('/api/user/friend-request', {
    headers: { Authorization: `Bearer ${friendToken}` },
    data: { toUserId: player.user.id },
  });
  expect(sent.status()).toBeLessThan(300);
  // The socket's friend event refreshes the requests: the badge appears without a reload.
  const badge = page.getByTestId('profile-badge');
  await expect(badge).toHaveText('1');
  const tab = page.getByTestId('profile-tab');
  await expect(tab).toHaveAccessibleName(/Profile \(1 waiting/);
  const name = await badge.evaluate((el) => getComputedStyle(el).animationName);
  expect(['tab-badge-pop', 'none']).toContain(name);
  const requestId = (await sent.json()).data.request.id as number;
  const answered = await page.request.post(`/api/user/friend-request/${requestId}/respond`, {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { response: 'accept' },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  // Answered elsewhere (the API here, another tab for a player): the next load has nothing waiting.
  const reread = page.waitForResponse((r) => r.url().includes(`/api/user/friend-requests/${player.user.id}`) && r.ok());
  await page.reload();
  await reread;
  await expect(page.getByTestId('profile-tab')).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test('the notification offer comes after the first property is bought, never on load @phone', async ({ page }) => {
  await fakeBrowserPush(page, 'default');
  const player = await openGame(page);
  await expect(page.getByTestId('push-prompt')).toHaveCount(0);
  // GOGO to build with, as real GOGO arrives: a deposit an admin approves.
  const auth = { authorization: `Bearer ${player.token}` };
  const deposit = await page.request.post('/api/credits/deposit-request', {
    headers: auth,
    data: { amount: 25.5, cryptoType: 'USDT', cryptoAddress: '0xE2ePlayerWallet', reference: evmTxHash(), note: '' },
  });
  const { transactionId } = (await deposit.json()).data as { transactionId: number };
  const approve = await page.request.post('/api/admin/approve-deposit', {
    headers: { authorization: `Bearer ${await adminApiToken(page.request)}` },
    data: {
      transactionId,
      gogoAmount: 1000,
      diceRollsCount: 5,
      adminNote: 'e2e: GOGO to build with',
      reason: 'e2e: GOGO to build with',
    },
  });
  expect(approve.status(), await approve.text()).toBe(200);
  await page.reload();
  await page.getByTestId('open-build').click();
  const sheet = page.getByRole('dialog');
  await expect(page.getByTestId('build-balance')).toContainText('1050');
  await sheet.locator('.build-row__buy').first().click();
  const prompt = page.getByTestId('push-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('At most 3 a day');
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
  const subscribed = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
  );
  await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
  expect((await subscribed).status()).toBe(201);
  await expect(prompt).toHaveCount(0);
  await expect(page.getByTestId('build-outcome')).toContainText('Notifications are on for this device.');
  const devices = await page.request.get('/api/push/subscriptions', { headers: auth });
  expect((await devices.json()).data.devices).toHaveLength(1);
});
