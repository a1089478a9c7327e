import { expect, test } from '@playwright/test';
import { signUpViaApi, watchForPageErrors, keepShot } from './support';
import { nextFrames } from './waits';

// The installable app. The manifest and the service worker are served with the right
// headers, the worker precaches the shell but never /api nor the Phaser engine, a navigation without
// a network shows the offline page, and the install offer waits for the profile and is remembered.
// What is checked here is the same at every size: it runs on the phone, where the app is installed
// (phone-layout.spec.ts and the info pages' own specs cover the pages' layouts).

test(
  'manifest, service worker, offline page and no cached /api',
  { tag: '@phone' },
  async ({ page, context }, testInfo) => {
    const noErrors = watchForPageErrors(page);
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifestRes = await page.request.get(href!);
    expect(manifestRes.status()).toBe(200);
    expect(manifestRes.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await manifestRes.json();
    expect(manifest).toMatchObject({ name: 'GOGO Board', display: 'standalone', start_url: '/game', scope: '/' });
    expect(manifest.theme_color).toBe('#0b1020');
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toContain('javascript');

    // The worker registers after load and takes control; it precached the shell.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((u) => /^\/assets\/main-.*\.js$/.test(u))).toBe(true);
    expect(cached.some((u) => u.startsWith('/api'))).toBe(false);
    expect(cached.some((u) => /createGame|phaser/i.test(u))).toBe(false);

    // An API call made through the worker is not cached either.
    await page.evaluate(() => fetch('/api/health').catch(() => null));
    const apiCached = await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const keys = await (await caches.open(name)).keys();
        if (keys.some((k) => new URL(k.url).pathname.startsWith('/api'))) return true;
      }
      return false;
    });
    expect(apiCached).toBe(false);

    // Offline: a navigation shows the offline page, which says why and retries.
    await context.setOffline(true);
    await page.goto('/how-to-play').catch(() => null);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText(/needs a connection/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await keepShot(page, testInfo, 'offline.png');
    // Back online, it comes back by itself.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'How to Play' }).first()).toBeVisible({ timeout: 12_000 });
    noErrors();
  },
);

test(
  'the install offer appears on the profile, never on first paint, and "Not now" is remembered',
  { tag: '@phone' },
  async ({ page }) => {
    await signUpViaApi(page);
    // A stand-in for Chrome's event: headless Chromium never fires the real one.
    await page.addInitScript(() => {
      (window as unknown as { fakeInstall: () => void }).fakeInstall = () => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(event, {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      };
    });
    await page.goto('/');
    await page.evaluate(() => (window as unknown as { fakeInstall: () => void }).fakeInstall());
    await expect(page.getByTestId('install-offer')).toHaveCount(0); // the landing never offers it

    await page.goto('/profile?tab=history');
    await expect(page.getByTestId('install-offer')).toHaveCount(0); // no browser event yet: nothing
    await page.evaluate(() => (window as unknown as { fakeInstall: () => void }).fakeInstall());
    const offer = page.getByRole('complementary', { name: 'Install GOGO Board' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();

    await page.reload();
    await page.evaluate(() => (window as unknown as { fakeInstall: () => void }).fakeInstall());
    await nextFrames(page); // an offer the event opened would be painted by now
    await expect(page.getByTestId('install-offer')).toHaveCount(0);
  },
);
