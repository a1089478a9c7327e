import { createHmac } from 'node:crypto';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import type { RollResult } from '@gogo/shared/api';
import { replayRoll } from '@gogo/shared/fairness';
import { gameText } from '@gogo/shared/messages';
import { tileCell } from '../src/game/layout';
import { signUpViaApi, uniquePlayer } from './support';
import { nextFrames, rollViaApi } from './waits';

/** The fixed master seed client/playwright.config.ts gives the server (GOGO_TEST_SEED). */
export const TEST_SEED = 'e2e-fixed-seed';

/**
 * Read-only test hooks of the game screen (see GamePage.tsx): the board frame carries
 * data-scene ('loading' | 'ready'), data-roll-phase ('idle' | 'rolling' | 'moving' | 'rewarding' | 'offline' | 'error') and
 * data-token-position (the tile the board shows the token on); the canvas wrapper carries
 * data-renderer ('webgl' | 'canvas').
 */
export const boardFrame = (page: Page): Locator => page.locator('.board-frame');
export const boardCanvas = (page: Page): Locator => page.locator('.board-canvas canvas');

export interface GamePlayer {
  username: string;
  email: string;
  password: string;
  token: string;
  user: { id: number; username: string };
}

/** Registers a player through the API, opens /game and waits until the die can be rolled. */
export async function openGame(page: Page, options: { path?: string; tutorial?: boolean } = {}): Promise<GamePlayer> {
  const player = (await signUpViaApi(page, uniquePlayer('g'))) as GamePlayer;
  if (options.tutorial !== true) {
    await page.addInitScript(() => {
      if (!localStorage.getItem('gogo.settings')) {
        localStorage.setItem('gogo.settings', JSON.stringify({ gameplay: { showTutorial: false } }));
      }
    });
  }
  const login = page.waitForResponse((r) => r.url().endsWith('/api/daily-login') && r.request().method() === 'POST');
  await page.goto(options.path ?? '/game');
  await login;
  await expectBoardReady(page);
  return player;
}

export async function expectBoardReady(page: Page) {
  await expect(boardFrame(page)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Roll dice' })).toBeEnabled();
}

export function isRollResponse(response: Response): boolean {
  return response.url().endsWith('/api/game/roll') && response.request().method() === 'POST';
}

/**
 * Taps "Roll dice" until the roll leaves. A tap inside the client's 1 s between two rolls is refused
 * on the spot with the cooldown notice (rendered by the next frames): the helper taps again at once.
 * A tap the board cannot take yet (the last celebration is still closing on a busy machine) is
 * ignored, as it is for a player, who taps again.
 */
export async function tapRollUntilSent(page: Page) {
  const status = page.getByTestId('roll-status');
  await expect(async () => {
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/game/roll') && request.method() === 'POST',
      { timeout: 3_000 },
    );
    sent.catch(() => undefined); // a refused tap leaves this wait behind
    await page.getByRole('button', { name: 'Roll dice' }).click();
    await nextFrames(page);
    if ((await status.textContent()) === gameText.cooldown) throw new Error('tap refused inside the cooldown');
    await sent;
  }).toPass({ timeout: 20_000 });
}

export type Box = { x: number; y: number; width: number; height: number };

/** True when two on-screen boxes overlap. */
export const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element's box on screen; fails when it is not visible. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
}

/**
 * Closes every toast. A toast also closes by itself (after 4 s), maybe while it is being tapped:
 * each pass taps the first close button still there, so no tap waits on a toast that is gone.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.toast-card');
  await expect(async () => {
    const close = page.getByRole('button', { name: 'Dismiss' }).first();
    if ((await close.count()) > 0) await close.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(toasts).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

/** Runs `action` and returns the server's roll answer it caused. */
export async function rollWith(page: Page, action: () => Promise<void>): Promise<RollResult> {
  const answer = page.waitForResponse(isRollResponse);
  await action();
  const response = await answer;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: RollResult };
  return body.data;
}

/**
 * Waits until the board has shown the roll: the token on the server's tile, and the board idle or
 * landed under the roll's own modal card. A modal card ('summary', 'jackpot') covers the board, whose
 * loop sleeps meanwhile and finishes the landing once the card is closed (closeRollDialogs waits for
 * that); waiting for 'idle' under the card would only wait out the roll's fallback deadline.
 */
export async function expectRollShown(page: Page, result: RollResult) {
  await expect(boardFrame(page)).toHaveAttribute('data-token-position', String(result.to), { timeout: 15_000 });
  const shown = [
    '[data-roll-phase="idle"]',
    '[data-roll-phase="rewarding"]:is([data-celebration="summary"], [data-celebration="jackpot"])',
  ];
  await expect(page.locator(shown.map((state) => `.board-frame${state}`).join(', '))).toHaveCount(1, {
    timeout: 15_000,
  });
}

/**
 * Waits until every celebration of the last roll has been shown: the light reward card closes by
 * itself (a tap closes it sooner), modals (jackpot, level-up, achievements) are closed with their
 * button. The board frame's data-celebration says what is showing ('none' when nothing).
 */
export async function closeRollDialogs(page: Page) {
  const frame = boardFrame(page);
  for (let i = 0; i < 12; i += 1) {
    const showing = await frame.getAttribute('data-celebration');
    if (showing === 'none' || showing === null) {
      // A card may close just before the next celebration opens: look again once the board is idle
      // and the page has rendered what its last state change queued.
      await expect(frame).toHaveAttribute('data-roll-phase', 'idle');
      await nextFrames(page);
      if ((await frame.getAttribute('data-celebration')) === 'none') return;
      continue;
    }
    if (showing === 'card' || showing === 'dice-arrived') {
      await page
        .locator('.reward-card')
        .click({ timeout: 2000 })
        .catch(() => {});
    } else {
      await page
        .getByRole('dialog')
        .first()
        .getByRole('button', { name: /Collect|Continue|Awesome!|Next/ })
        .click();
    }
    await nextFrames(page); // the click's close is rendered before the next look
  }
  await expect(frame).toHaveAttribute('data-celebration', 'none');
}

/** The centre of tile `id` on the page, from the board's 6x6 grid. */
export async function tileCentre(page: Page, id: number) {
  const box = await boardFrame(page).boundingBox();
  if (!box) throw new Error('board not visible');
  const { col, row } = tileCell(id);
  const cell = box.width / 6;
  return { x: box.x + (col + 0.5) * cell, y: box.y + (row + 0.5) * cell };
}

export async function boardCentre(page: Page) {
  const box = await boardFrame(page).boundingBox();
  if (!box) throw new Error('board not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, size: box.width };
}

/**
 * A vertical swipe on the board: touch events on touch devices, the mouse otherwise. The events go
 * to the browser back to back over CDP, the way a finger moves; one Playwright action per step
 * could take longer than the 500 ms a swipe may last on a busy machine (or with tracing on).
 */
export async function swipeUp(page: Page, hasTouch: boolean) {
  const { x, y } = await boardCentre(page);
  const [startY, endY] = [y + 40, y - 80];
  const cdp = await page.context().newCDPSession(page);
  if (hasTouch) {
    const point = (py: number) => [{ x, y: py, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
    await Promise.all([
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(startY) }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point((startY + endY) / 2) }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(endY) }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
    ]);
  } else {
    const mouse = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', py: number) =>
      cdp.send('Input.dispatchMouseEvent', {
        type,
        x,
        y: py,
        button: 'left',
        buttons: type === 'mouseReleased' ? 0 : 1,
        clickCount: 1,
      });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y: startY });
    await Promise.all([
      mouse('mousePressed', startY),
      mouse('mouseMoved', (startY + endY) / 2),
      mouse('mouseMoved', endY),
      mouse('mouseReleased', endY),
    ]);
  }
  await cdp.detach();
}

/** The server seed GOGO_TEST_SEED gives this player's first seed (server/src/modules/fairness/seeds.ts). */
export function testServerSeed(userId: number, seedIndex = 0): string {
  return createHmac('sha256', TEST_SEED).update(`${userId}:${seedIndex}`).digest('hex');
}

/**
 * A client seed that makes the player's roll with this nonce, from this tile, give exactly `die`
 * and `rawReward`: the same outcome for every test player, whatever their id.
 */
export function clientSeedFor(
  userId: number,
  roll: { nonce: number; from: number },
  want: { die: number; rawReward: number },
): string {
  const serverSeed = testServerSeed(userId);
  for (let i = 0; i < 100_000; i += 1) {
    const clientSeed = `visual-${i}`;
    const got = replayRoll({ serverSeed, clientSeed, ...roll });
    if (got.die === want.die && got.rawReward === want.rawReward) return clientSeed;
  }
  throw new Error(`no client seed found for ${JSON.stringify(want)}`);
}

/** Rolls through the API until no roll is left (the server allows one roll a second). */
export async function spendAllRolls(page: Page, token: string) {
  for (;;) {
    const res = await rollViaApi(page.request, token);
    if (res.status() === 400) return;
    expect(res.status()).toBe(200);
    const { data } = await res.json();
    if (data.state.diceRollsRemaining === 0) return;
  }
}

/**
 * Logs every toast the page shows (its test id and text) from the first paint on. A toast closes
 * itself after 4 s, so a test reads what was shown from this log instead of racing the screen (a
 * slow board load can outlast the toast). The log starts again with each page load.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = log;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          for (const toast of [node, ...node.querySelectorAll<HTMLElement>('[data-testid^="toast-"]')]) {
            if (toast.dataset.testid?.startsWith('toast-')) log.push(`${toast.dataset.testid}: ${toast.textContent}`);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The toasts shown since the page loaded (see recordToasts), of one kind when `kind` is given. */
export async function toastsShown(page: Page, kind?: string): Promise<string[]> {
  const log = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
  return kind ? log.filter((entry) => entry.startsWith(`toast-${kind}:`)) : log;
}
