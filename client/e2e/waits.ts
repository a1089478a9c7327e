import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

/**
 * Waits on events, never on the clock: the page has painted `frames` more frames (a state change the
 * last action caused has been rendered, and a layout shift it caused has been reported).
 */
export async function nextFrames(page: Page, frames = 2) {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, frames);
}

/**
 * One roll through the API, as soon as the server's cooldown allows it: a 429 ROLL_COOLDOWN is asked
 * again until the server takes the roll (the e2e server's cooldown is GOGO_TEST_ROLL_COOLDOWN_MS).
 */
export async function rollViaApi(request: APIRequestContext, token: string): Promise<APIResponse> {
  let answer: APIResponse | undefined;
  await expect
    .poll(
      async () => {
        answer = await request.post('/api/game/roll', { headers: { authorization: `Bearer ${token}` }, data: {} });
        return answer.status();
      },
      { intervals: [50, 100, 200], timeout: 15_000 },
    )
    .not.toBe(429);
  return answer!;
}
