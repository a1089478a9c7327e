import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniquePlayer(prefix = 'e2e') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`.slice(0, 20);
  return { username: id, email: `${id}@example.com`, password: 'secret123' };
}

/** Registers through the API and stores the session like the app does: fast set-up for tests. */
export async function signUpViaApi(page: Page, player = uniquePlayer()) {
  const res = await page.request.post('/api/auth/register', { data: player });
  expect(res.status()).toBe(201);
  const { data } = await res.json();
  await page.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('gogo.token')) {
        localStorage.setItem('gogo.token', token);
        localStorage.setItem('gogo.user', JSON.stringify(user));
      }
    },
    [data.token, data.user] as const,
  );
  return { ...player, token: data.token as string, user: data.user };
}

/** Fails the test on any Content-Security-Policy violation or uncaught page error. */
export function watchForPageErrors(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  return () => expect(problems, problems.join('\n')).toEqual([]);
}

/**
 * A screenshot for people reviewing a run (`E2E_SHOTS=1 npm run test:e2e`), kept in the test's output
 * folder. Nothing asserts on it, so CI skips it: full-page captures cost seconds per test.
 */
export async function keepShot(
  page: Page,
  testInfo: { outputPath: (...parts: string[]) => string },
  name: string,
  options: { fullPage?: boolean } = {},
) {
  if (!process.env.E2E_SHOTS) return;
  const viewport = page.viewportSize();
  if (!options.fullPage || !viewport) {
    await page.screenshot({ path: testInfo.outputPath(name), ...options });
    return;
  }
  // Sections drawn only near the screen (content-visibility on the landing) stay blank in Chrome's
  // capture beyond the viewport: the whole page is made the viewport for the shot, then put back.
  // Twice: once drawn, such a section takes its real height, and the page its real length.
  for (let pass = 0; pass < 2; pass += 1) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
  await page.screenshot({ path: testInfo.outputPath(name) });
  await page.setViewportSize(viewport);
}
