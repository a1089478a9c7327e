import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'gogo-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this file: keep one data folder per run

/**
 * Playwright's own --disable-features list, read from the Playwright installed. Chromium keeps only
 * the last --disable-features it is given, so a list of ours must repeat Playwright's; read here, it
 * follows Playwright's upgrades, and a Playwright that no longer keeps it where it is read fails the
 * run here rather than silently losing its fixes.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1] ?? '';
  const names = [...list.matchAll(/"(\w+)"/g)].map((match) => match[1]!);
  if (!names.includes('PaintHolding')) throw new Error("Playwright's disabled Chromium features were not found");
  return names;
}

/**
 * Chromium's WebUI omnibox popups: every new window (one per browser context here) starts two
 * renderers for the address bar's suggestion popups, which a headless test never shows, and keeps
 * them in step with every navigation. Measured: a fresh context and a load of the landing cost 2.4-2.7
 * core-seconds with them and 1.3 without; a load of /game 3.0 and 2.1.
 */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The spare renderer: after each navigation Chromium starts one more renderer process, warm for the
 * next navigation to another site. A test's pages stay on one site, so no spare is ever used, and
 * each one is a process started and torn down for nothing. Measured: eight contexts of two page loads
 * each, 11.6-12.3 core-seconds without spares against 12.4-13.3 with them (one renderer a context,
 * not two); over 39 tests (game, info, public) the saving is within the noise, 128-129 busy
 * core-seconds against 129-134.
 */
const NO_SPARE_RENDERER = ['SpareRendererForSitePerProcess'];

/**
 * V8 without its optimising tiers (TurboFan, Maglev): a test's page lives a few seconds, too short for
 * optimised code to pay back its compiling, which ran on the same two cores as the tests. The code runs
 * the same, in the interpreter and Sparkplug's baseline code. Measured on 53 tests (game, game-moments,
 * a11y, kit): 254 busy core-seconds and 139 s against 283-309 and 153-167 s with them.
 */
const SHORT_LIVED_PAGES_JS_FLAGS = '--js-flags=--no-opt --no-maglev';

// Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network.
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...playwrightDisabledFeatures(), ...UNSEEN_BROWSER_UI, ...NO_SPARE_RENDERER].join(',')}`,
    SHORT_LIVED_PAGES_JS_FLAGS,
  ],
};

/**
 * Specs whose screens differ on a phone. The phone project runs only these (plus its own layout
 * sweep): flows whose logic is the same at every size (profile forms, admin, info pages, metadata,
 * guards) run once, on the desktop project, and phone-layout.spec.ts checks that each of their
 * screens fits a phone. Inside the phone specs, a test whose logic is the same at both sizes runs at
 * one of them only, tagged '@phone' (touch, the phone's own bars, where most players are) or
 * '@desktop'; untagged tests run at both. This keeps `npm test` inside its time budget on a 2-core
 * machine.
 */
const PHONE_SPECS = [
  'a11y.spec.ts',
  'auth-phone.spec.ts',
  'board-properties.spec.ts',
  'events.spec.ts',
  'game.spec.ts',
  'game-feel.spec.ts',
  'game-moments.spec.ts',
  'game-phone.spec.ts',
  'game-settings.spec.ts',
  'game-visual.spec.ts',
  'kit.spec.ts',
  'landing.spec.ts',
  'treasury.spec.ts',
  'landing-hero.spec.ts',
  'landing-launch.spec.ts',
  'landing-start.spec.ts',
  'payoff.spec.ts',
  'payoff-layout.spec.ts',
  'payoff-longtasks.spec.ts',
  'leaderboards-phone.spec.ts',
  'phone-layout.spec.ts',
  'pwa.spec.ts',
  'push.spec.ts',
  'theme.spec.ts',
  'tour.spec.ts',
];
const PHONE_ONLY_SPECS = [
  'auth-phone.spec.ts',
  'game-phone.spec.ts',
  'payoff-longtasks.spec.ts',
  'phone-layout.spec.ts',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 45_000,
  expect: { timeout: 8_000, toHaveScreenshot: { maxDiffPixelRatio: 0.02 } },
  snapshotPathTemplate: '{testDir}/__screenshots__/{projectName}/{testFilePath}/{arg}{ext}',
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace (a screencast of every frame) cost a quarter of the suite's time: a failing
    // test records one on its retry (CI retries once); locally, `npm run test:e2e -- --trace on`.
    trace: 'on-first-retry',
    // Calm by default: the board moves the token without tweens, pages without transitions. Specs
    // about motion (game-feel, landing-hero) ask for 'no-preference' themselves.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'phone',
      testMatch: PHONE_SPECS,
      grepInvert: /@desktop/,
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'desktop',
      testIgnore: PHONE_ONLY_SPECS,
      grepInvert: /@phone/,
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    command: 'node ../server/dist/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      GOGO_TEST_SEED: 'e2e-fixed-seed',
      // Rolls through the API wait for the server's cooldown (waits.ts rollViaApi): a quarter of the
      // rule's 1 s is still far longer than two requests of one test, so the cooldown spec still sees 429.
      GOGO_TEST_ROLL_COOLDOWN_MS: '250',
      // Tests move the server's time forward through this file instead of waiting (e2e/server-clock.ts).
      GOGO_TEST_CLOCK_FILE: join(dataDir, 'test-clock.json'),
      GOGO_FAST_PASSWORD_HASH: '1', // argon2id at its smallest cost: every test signs a player up
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
      // Every browser test signs in from 127.0.0.1: failed logins per address are tested in the API tests.
      LOGIN_FAILED_PER_IP: '100000',
      SIGNUPS_PER_IP_PER_HOUR: '0',
      // Players here withdraw GOGO won in play without a deposit; the rule is tested in the API tests.
      WITHDRAW_FREE_WINS_AFTER_DEPOSIT: 'off',
      // The house event would badge every game screen's header; the events specs schedule their own.
      HOUSE_EVENT: 'off',
      // The back office's e2e account, created at first start (test data folder only).
      ADMIN_USERNAME: 'e2e-admin',
      ADMIN_PASSWORD: 'e2e-admin-password-1',
      // Test receiving addresses for the deposit tab (never real wallets).
      DEPOSIT_ADDRESSES: JSON.stringify({
        BTC: 'bc1qtestreceive0000000000000000000',
        USDT: '0xTestReceive000000000000000000000000000000',
      }),
    },
  },
});
