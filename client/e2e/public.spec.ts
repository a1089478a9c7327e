import { expect, test, type Page } from './fixtures';
import { metadataForPath, publicPages, SHARE_IMAGE, THEME_COLOR } from '@gogo/shared/messages';
import { signUpViaApi, watchForPageErrors, keepShot } from './support';
import { footerOnScreen, headOf, infoRoutes, publicRoutes, slug } from './site-support';

const h1 = {
  '/': 'Roll the dice. Collect GOGO.',
  '/features': 'Features',
  '/how-to-play': 'How to Play',
  '/help-center': 'Help Center',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/contact-us': 'Contact Us',
  '/feature-request': 'Feature Request',
} as const;

// Tests about where a link lands click once the prerendered page has hydrated.
const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as { gogoEarly?: { ready: boolean } }).gogoEarly?.ready !== false);

test.describe('every public page', () => {
  test('every public page renders its content, title and footer without errors', async ({ page }, testInfo) => {
    test.setTimeout(150_000); // one page after another, each checked: eight pages in one browser context
    const noErrors = watchForPageErrors(page);
    for (const route of publicRoutes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(h1[route]);
      await expect(page, route).toHaveTitle(publicPages[route].title);
      await expect(page.getByRole('main'), route).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer, route).toBeVisible();
      for (const name of ['Help Center', 'Contact Us', 'Feature Request', 'Privacy Policy', 'Terms of Service']) {
        await expect(footer.getByRole('link', { name, exact: true }), route).toBeVisible();
      }
      await expect(footer.getByRole('link', { name: 'support@gogoboard.app' }), route).toHaveAttribute(
        'href',
        'mailto:support@gogoboard.app',
      );
      // Nothing sticks out sideways (phone-layout.spec.ts checks the phone size).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route).toBeLessThanOrEqual(0);
      await keepShot(page, testInfo, `${slug(route)}.png`, { fullPage: true });
    }
    noErrors();
  });

  test('every info page has a way back home', async ({ page }) => {
    test.setTimeout(150_000); // one page after another, each checked: eight pages in one browser context
    // Each page is reached the way a visitor goes, by the footer's link (one page load in all): the
    // test above loads every page on its own.
    await page.goto('/');
    await hydrated(page);
    for (const route of infoRoutes) {
      await page.getByRole('contentinfo').locator(`a[href="${route}"]`).click();
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(h1[route]);
      await page.getByRole('link', { name: 'Back to home' }).click();
      await expect(page, route).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(h1['/']);
    }
  });
});

test.describe('metadata served in the HTML (crawlers and link previews run no scripts)', () => {
  test('each public route has its own title, description, keywords, share tags, canonical URL and theme colour', async ({
    page,
    baseURL,
  }) => {
    // The e2e server runs without PUBLIC_URL: the default origin is http://localhost:$PORT.
    const origin = `http://localhost:${new URL(baseURL!).port}`;
    const seen = new Set<string>();
    for (const route of publicRoutes) {
      const res = await page.request.get(route);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const meta = publicPages[route];
      const content = (attr: string, name: string) => {
        const m = html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`));
        return m?.[1]
          ?.replace(/&amp;/g, '&')
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"');
      };
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe(meta.title.replace(/&/g, '&amp;'));
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(content('name', 'description')).toBe(meta.description);
      expect(content('name', 'keywords')).toBe(meta.keywords.join(', '));
      expect(content('name', 'theme-color')).toBe(THEME_COLOR);
      expect(html).toContain(`<link rel="canonical" href="${origin}${route}" />`);
      expect(content('property', 'og:title')).toBe(meta.title);
      expect(content('property', 'og:url')).toBe(`${origin}${route}`);
      expect(content('property', 'og:type')).toBe(meta.type);
      expect(content('property', 'og:image:width')).toBe(String(SHARE_IMAGE.width));
      expect(content('property', 'og:image:height')).toBe(String(SHARE_IMAGE.height));
      expect(content('name', 'twitter:card')).toBe('summary_large_image');
      expect(content('name', 'twitter:title')).toBe(meta.title);
      const image = content('property', 'og:image')!;
      expect(image).toBe(`${origin}${meta.image}`);
      expect(content('name', 'twitter:image')).toBe(image);
      seen.add(image);
      // The page's own code is preloaded with the HTML (the server reads Vite's manifest); the
      // prerendered landing lists it for its starter, which loads it after the first paint.
      expect(html, `${route} preloads its chunk`).toMatch(
        route === '/'
          ? /<script type="application\/json" id="gogo-modules">\{"entry":"\/assets\/main-[^"]+\.js","preload":\[[^\]]*"\/assets\/LandingPage-[^"]+\.js"\]\}<\/script>/
          : /<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js" \/>/,
      );
      // The share image is served, and it is a 1200x630 PNG.
      const img = await page.request.get(meta.image);
      expect(img.status()).toBe(200);
      expect(img.headers()['content-type']).toBe('image/png');
      const png = await img.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    }
    expect(seen.size).toBe(publicRoutes.length);
  });

  test('private and unknown paths are served with noindex', async ({ page }) => {
    for (const route of ['/game', '/profile', '/admin', '/no/such/page']) {
      const html = await (await page.request.get(route)).text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  test('the client keeps the tags right while navigating', async ({ page }) => {
    await page.goto('/');
    // The app runs and the leaderboard has filled in.
    await expect(page.getByTestId('live-figures')).toBeVisible();
    const home = await headOf(page);
    expect(home.title).toBe(publicPages['/'].title);
    const origin = new URL(home.canonical!).origin;

    await (await footerOnScreen(page)).getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveTitle(publicPages['/terms-of-service'].title);
    expect(await headOf(page)).toEqual({
      title: publicPages['/terms-of-service'].title,
      description: publicPages['/terms-of-service'].description,
      canonical: `${origin}/terms-of-service`,
      ogTitle: publicPages['/terms-of-service'].title,
      ogUrl: `${origin}/terms-of-service`,
      ogImage: `${origin}${publicPages['/terms-of-service'].image}`,
      twitterTitle: publicPages['/terms-of-service'].title,
      robots: 'index, follow',
    });
    // Only one of each tag: the client updates the server's tags instead of adding more.
    expect(await page.locator('head link[rel="canonical"]').count()).toBe(1);
    expect(await page.locator('head meta[name="description"]').count()).toBe(1);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
    await expect(page).toHaveTitle(publicPages['/help-center'].title);
    expect((await headOf(page)).canonical).toBe(`${origin}/help-center`);

    await page.goBack();
    await expect(page).toHaveTitle(publicPages['/terms-of-service'].title);
  });

  test('signed in, the private screens get their own title', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/features');
    await page.getByRole('link', { name: 'Play', exact: true }).click();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page).toHaveTitle(metadataForPath('/game').title);
    expect((await headOf(page)).robots).toBe('noindex, nofollow');
  });
});

test.describe('guards and catch-all', () => {
  test('signed out: /game and /profile go home, unknown paths go home, info paths stay', async ({ page }) => {
    for (const [from, to] of [
      ['/game', '/'],
      ['/profile?tab=deposit', '/'],
      ['/features/and/more', '/'],
      ['/help-center', '/help-center'],
    ] as const) {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
    }
  });

  test('signed in: unknown paths go to /game, info pages stay reachable', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/what-is-this');
    await expect(page).toHaveURL(/\/game$/);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });
});

test.describe('links between pages', () => {
  test('the cookie policy link lands on #cookies; the leaderboard link lands on the landing section', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy#cookies$/);
    await expect(page.getByRole('heading', { name: /Cookie policy and browser storage/ })).toBeInViewport();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/#leaderboard$/);
    await expect(page.getByRole('heading', { name: 'Leaderboard', level: 2 })).toBeInViewport();
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await (await footerOnScreen(page)).getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
