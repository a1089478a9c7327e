import { test as base, type BrowserContext } from '@playwright/test';
import { MEASURE_FILE, measureTest } from './measure';

export * from '@playwright/test';

/**
 * The app registers its service worker 5 s after a page has loaded, and the worker then precaches the
 * whole shell (some 120 files): in a fresh browser context, as every test has, that is a third of a
 * core for many seconds, in every test that lasts longer than 5 s, on a machine whose two cores
 * already run two browsers. Here `register` answers never, so nothing registers and nothing fails
 * (Playwright's own serviceWorkers: 'block' resolves it with nothing, which the app's registration
 * code reads as an error). pwa.spec.ts, which tests the worker itself, imports @playwright/test.
 */
const NO_SERVICE_WORKER = `if (self.ServiceWorkerContainer) {
  ServiceWorkerContainer.prototype.register = () => new Promise(() => {});
}`;

/** A context a test opens itself (a second player, the back office beside the game) gets the same. */
export async function withoutServiceWorker(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(NO_SERVICE_WORKER);
  return context;
}

/** With E2E_MEASURE set, every test's CPU, contexts and page loads are written down (measure.ts). */
const measured = MEASURE_FILE
  ? base.extend<{ measure: void }>({
      measure: [
        async ({ browser }, use, testInfo) => {
          await measureTest(browser, testInfo, () => use());
        },
        { auto: true },
      ],
    })
  : base;

/** Playwright's test, with the browser context of every test kept free of the service worker. */
export const test = measured.extend({
  context: async ({ context }, use) => {
    await use(await withoutServiceWorker(context));
  },
});
