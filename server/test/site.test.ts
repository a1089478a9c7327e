import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { publicPages, privatePages, SHARE_IMAGE, THEME_COLOR } from '@gogo/shared/messages';
import { buildApp } from '../src/app.js';
import { defaultSiteConfig, loadConfig, type AppConfig } from '../src/settings/index.js';
import { openDatabase } from '../src/db/client.js';
import { createTestApp, type TestContext } from './helpers.js';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'light';";

// The same shape as client/index.html after a build: a title, a description, a theme colour, scripts.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#000000" />
    <title>Template title</title>
    <meta
      name="description"
      content="Template description"
    />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <script>${THEME_SCRIPT}</script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

// The shape of Vite's build manifest: the landing chunk imports two shared chunks and the entry.
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_paths-1.js'] },
  '_paths-1.js': { file: 'assets/paths-1.js' },
  '_Icon-1.js': { file: 'assets/Icon-1.js', imports: ['_paths-1.js'] },
  'src/features/landing/LandingPage.tsx': {
    file: 'assets/LandingPage-1.js',
    isDynamicEntry: true,
    imports: ['_paths-1.js', 'index.html', '_Icon-1.js'],
    css: ['assets/LandingPage-1.css'],
  },
  'src/features/info/pages/HowToPlayPage.tsx': {
    file: 'assets/HowToPlayPage-1.js',
    isDynamicEntry: true,
    imports: ['_paths-1.js', 'index.html'],
    css: ['assets/HowToPlayPage-1.css'],
  },
};
const ENTRY_CSS = ':root{--bg:#0b1020}body{margin:0}';
const LANDING_CSS = '.landing{color:red}';

const BIG_JS = `export const data = ${JSON.stringify('GOGO '.repeat(2000))};\n`;

/** Pulls the managed tags out of served HTML (attribute order as the renderer writes it). */
function tagsOf(html: string) {
  const meta = new Map<string, string[]>();
  for (const m of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    const list = meta.get(m[2]!) ?? [];
    list.push(m[3]!);
    meta.set(m[2]!, list);
  }
  const one = (name: string) => {
    const values = meta.get(name) ?? [];
    expect(values, `exactly one <meta ${name}>`).toHaveLength(1);
    return values[0]!;
  };
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);
  return { one, titles, canonicals, meta };
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('GET /api/public/config', () => {
  let ctx: TestContext;
  afterAll(async () => ctx?.close());

  it('serves the launch date, prices, support email and public URL from config', async () => {
    ctx = await createTestApp({
      publicUrl: 'https://gogo.example',
      site: { launchAt: '2027-03-01T12:00:00.000Z', launchPriceUsd: 0.25, supportEmail: 'help@gogo.example' },
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({
      success: true,
      data: {
        launchAt: '2027-03-01T12:00:00.000Z',
        launchPriceUsd: 0.25,
        currentPriceUsd: 0,
        redemptionPriceUsd: 0.25, // REDEMPTION_PRICE_USD unset: the launch price
        supportEmail: 'help@gogo.example',
        publicUrl: 'https://gogo.example',
      },
    });
  });

  it('is described in the OpenAPI document under the site tag', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/public/config'].get.tags).toEqual(['site']);
  });
});

describe('robots.txt and sitemap.xml', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ publicUrl: 'https://gogo.example' });
  });
  afterAll(async () => ctx.close());

  it('robots.txt allows the public pages, keeps crawlers out of private screens and names the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/admin', '/api/', '/game', '/profile', '/login']) expect(lines).toContain(`Disallow: ${path}`);
    for (const path of Object.keys(publicPages).filter((p) => p !== '/')) {
      expect(lines.some((l) => l.startsWith('Disallow:') && path.startsWith(l.slice(10).trim()))).toBe(false);
    }
    expect(lines).toContain('Sitemap: https://gogo.example/sitemap.xml');
  });

  it('sitemap.xml lists the canonical URL of every public page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(Object.keys(publicPages).map((p) => `https://gogo.example${p}`));
  });
});

describe('site settings from the environment', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = (extra: Record<string, string>) => ({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...extra });

  it('defaults to the spec: 1 December 2025 00:00 UTC, $0.10, the support address', () => {
    const config = loadConfig(env({}));
    expect(config.site).toEqual({
      launchAt: '2025-12-01T00:00:00.000Z',
      launchPriceUsd: 0.1,
      supportEmail: 'support@gogoboard.app',
      redemptionPriceUsd: 0.1, // REDEMPTION_PRICE_USD unset: the launch price
    });
    expect(config.site).toEqual({ ...defaultSiteConfig, redemptionPriceUsd: 0.1 });
    expect(config.treasury).toEqual({ redemptionPriceUsd: 0.1, dailyBudgetUsd: 0 });
    expect(config.readsPerMinute).toBe(600);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads LAUNCH_AT, LAUNCH_PRICE_USD, SUPPORT_EMAIL and PUBLIC_URL', () => {
    const config = loadConfig(
      env({
        LAUNCH_AT: '2027-01-02T03:04:05+02:00',
        LAUNCH_PRICE_USD: '0.5',
        SUPPORT_EMAIL: ' team@gogo.example ',
        PUBLIC_URL: 'https://gogo.example/',
      }),
    );
    expect(config.site).toEqual({
      launchAt: '2027-01-02T01:04:05.000Z',
      launchPriceUsd: 0.5,
      supportEmail: 'team@gogo.example',
      redemptionPriceUsd: 0.5,
    });
    expect(config.publicUrl).toBe('https://gogo.example');
  });

  it('reads REDEMPTION_PRICE_USD, WITHDRAW_DAILY_BUDGET_USD and READ_RATE_LIMIT_PER_PLAYER', () => {
    const config = loadConfig(
      env({ REDEMPTION_PRICE_USD: '0.02', WITHDRAW_DAILY_BUDGET_USD: '500', READ_RATE_LIMIT_PER_PLAYER: '900' }),
    );
    expect(config.site.redemptionPriceUsd).toBe(0.02);
    expect(config.treasury).toEqual({ redemptionPriceUsd: 0.02, dailyBudgetUsd: 500 });
    expect(config.readsPerMinute).toBe(900);
    expect(() => loadConfig(env({ REDEMPTION_PRICE_USD: '-1' }))).toThrow(/REDEMPTION_PRICE_USD/);
    expect(() => loadConfig(env({ WITHDRAW_DAILY_BUDGET_USD: 'lots' }))).toThrow(/WITHDRAW_DAILY_BUDGET_USD/);
    expect(() => loadConfig(env({ READ_RATE_LIMIT_PER_PLAYER: '0' }))).toThrow(/READ_RATE_LIMIT_PER_PLAYER/);
  });

  it.each([
    [{ LAUNCH_AT: 'next tuesday' }, /LAUNCH_AT/],
    [{ LAUNCH_AT: '2025-12-01' }, /LAUNCH_AT/], // no time and zone: ambiguous moment
    [{ LAUNCH_AT: '2025-12-01T00:00:00' }, /LAUNCH_AT/],
    [{ LAUNCH_PRICE_USD: '-1' }, /LAUNCH_PRICE_USD/],
    [{ LAUNCH_PRICE_USD: 'ten cents' }, /LAUNCH_PRICE_USD/],
    [{ SUPPORT_EMAIL: 'not-an-address' }, /SUPPORT_EMAIL/],
    [{ PUBLIC_URL: 'gogo.example' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://gogo.example' }, /PUBLIC_URL/],
  ])('refuses a bad value: %o', (extra, message) => {
    expect(() => loadConfig(env(extra))).toThrow(message);
  });
});

/** What the build's prerender writes for the landing (a fragment; `$&` checks the replacement is literal). */
const PRERENDERED_LANDING = '<!--$--><main><h1>Roll the dice. $& Collect GOGO.</h1></main><!--/$-->';

describe('HTML served per route', () => {
  let app: FastifyInstance;
  let root: string;
  const publicUrl = 'https://gogo.example';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gogo-site-'));
    const distDir = join(root, 'dist');
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(distDir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(distDir, 'assets', 'index-abc.css'), ENTRY_CSS);
    writeFileSync(join(distDir, 'assets', 'LandingPage-1.css'), LANDING_CSS);
    writeFileSync(join(distDir, 'assets', 'HowToPlayPage-1.css'), '.info{color:blue}');
    mkdirSync(join(distDir, '.vite'));
    writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(distDir, '.vite', 'prerendered.json'), JSON.stringify({ '/': PRERENDERED_LANDING }));
    writeFileSync(join(distDir, 'assets', 'app-1.js'), BIG_JS);
    writeFileSync(join(distDir, 'assets', 'app-1.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(distDir, 'assets', 'app-1.js.gz'), gzipSync(BIG_JS));
    const config: AppConfig = {
      ...loadConfig({ DATA_DIR: root, JWT_SECRET: 'y'.repeat(40) }),
      env: 'test',
      publicUrl,
      logLevel: 'silent',
    };
    app = await buildApp({ config, database: openDatabase(join(root, 'gogo.sqlite')), clientDistDir: distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return res.body;
  };

  it.each(Object.values(publicPages).map((p) => [p.path, p] as const))(
    '%s has its own title, description, keywords, Open Graph, Twitter, canonical, image and theme colour',
    async (path, page) => {
      const html = await get(path);
      const { one, titles, canonicals } = tagsOf(html);
      expect(titles.map((t) => unescape(t!))).toEqual([page.title]);
      expect(unescape(one('description'))).toBe(page.description);
      expect(unescape(one('keywords'))).toBe(page.keywords.join(', '));
      expect(one('robots')).toBe('index, follow');
      expect(one('theme-color')).toBe(THEME_COLOR);
      const url = `${publicUrl}${path}`;
      expect(canonicals).toEqual([url]);
      expect(unescape(one('og:title'))).toBe(page.title);
      expect(unescape(one('og:description'))).toBe(page.description);
      expect(one('og:url')).toBe(url);
      expect(one('og:site_name')).toBe('GOGO Board');
      expect(one('og:type')).toBe(page.type);
      expect(one('og:image')).toBe(`${publicUrl}${SHARE_IMAGE.dir}/${page.image.split('/').pop()}`);
      expect(one('og:image:width')).toBe('1200');
      expect(one('og:image:height')).toBe('630');
      expect(one('og:image:type')).toBe('image/png');
      expect(unescape(one('og:image:alt'))).toBe(page.imageAlt);
      expect(one('twitter:card')).toBe('summary_large_image');
      expect(unescape(one('twitter:title'))).toBe(page.title);
      expect(unescape(one('twitter:description'))).toBe(page.description);
      expect(one('twitter:image')).toBe(one('og:image'));
      // The template's own tags are gone, the rest of the document is untouched.
      expect(html).not.toMatch(/Template (title|description)|#000000/);
      // The entry script stays, in the head or (a prerendered page) in the starter's list.
      expect(html).toMatch(
        /<script type="module" crossorigin src="\/assets\/index-abc.js"><\/script>|"entry":"\/assets\/index-abc.js"/,
      );
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
      expect(html).toContain('<meta charset="UTF-8" />');
    },
  );

  it('every public page has a different title, description and share image', () => {
    const pages = Object.values(publicPages);
    for (const key of ['title', 'description', 'image'] as const) {
      expect(new Set(pages.map((p) => p[key])).size).toBe(pages.length);
    }
  });

  it('normalises the path: trailing slash, query string and case', async () => {
    const { canonicals, titles } = tagsOf(await get('/How-To-Play/?ref=news#tips'));
    expect(canonicals).toEqual([`${publicUrl}/how-to-play`]);
    expect(titles).toEqual([publicPages['/how-to-play'].title]);
  });

  it('private screens are titled but not indexed; unknown paths are not indexed and point home', async () => {
    const game = tagsOf(await get('/game'));
    expect(game.titles).toEqual([privatePages['/game']!.title]);
    expect(game.one('robots')).toBe('noindex, nofollow');
    const unknown = tagsOf(await get('/no/such/page'));
    expect(unknown.one('robots')).toBe('noindex, nofollow');
    expect(unknown.canonicals).toEqual([`${publicUrl}/`]);
  });

  it('escapes values, so a text can never break out of its attribute', async () => {
    const { renderPageHead } = await import('@gogo/shared/messages');
    const html = renderPageHead(
      INDEX_HTML,
      {
        ...publicPages['/'],
        title: 'A <b>"quoted"</b> & \'odd\' $& title',
        description: '"><script>alert(1)</script>',
      },
      publicUrl,
    );
    expect(html).toContain('<title>A &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; &amp; &#39;odd&#39; $&amp; title</title>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('embeds the public settings in the page, the same data GET /api/public/config answers', async () => {
    const html = await get('/');
    const m = html.match(/<meta name="gogo-public-config" content="([^"]+)" \/>/);
    expect(m).not.toBeNull();
    const api = (await app.inject({ method: 'GET', url: '/api/public/config' })).json().data;
    expect(JSON.parse(unescape(m![1]!))).toEqual(api);
    expect(api.publicUrl).toBe(publicUrl);
    // It sits inside <head>.
    expect(html.indexOf('gogo-public-config')).toBeLessThan(html.indexOf('</head>'));
  });

  it('serves the pre-compressed copies of built assets to clients that accept them', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it("preloads the page's own chunks and styles from the build manifest", async () => {
    const html = await get('/how-to-play');
    const links = [...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)"(?: \/)?>/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(links).toEqual([
      'stylesheet /assets/index-abc.css',
      'stylesheet /assets/HowToPlayPage-1.css',
      'modulepreload /assets/paths-1.js',
      'modulepreload /assets/HowToPlayPage-1.js',
    ]);
    expect(html).not.toContain('<style>');
    // A page missing from the manifest gets none; unknown paths neither.
    expect(await get('/features')).not.toContain('modulepreload');
    expect(await get('/nowhere')).not.toContain('modulepreload');
  });

  it('a prerendered page carries its styles inline, allowed by hash in the CSP, and its art preloaded', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const html = res.body;
    expect(html).toContain(`<style>${ENTRY_CSS}</style>`);
    expect(html).toContain(`<style>${LANDING_CSS}</style>`);
    // The links stay, disabled (never fetched), so the client's chunk loader does not add them again.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/LandingPage-1.css" disabled />');
    expect(html).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+"(?: \/)?>/);
    expect(html).toContain(
      '<link rel="preload" as="image" href="/generated/board/tiles-sheet.svg" fetchpriority="high" />',
    );
    const sha = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    const styleSrc = /style-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    expect(styleSrc.split(' ')).toEqual(expect.arrayContaining(["'self'", sha(ENTRY_CSS), sha(LANDING_CSS)]));
    expect(styleSrc).not.toContain('unsafe-inline');
    // The page's one inline script (the theme before the first paint) is allowed by its hash alone.
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    expect(scriptSrc.split(' ')).toEqual(["'self'", sha(THEME_SCRIPT)]);
  });

  it('a prerendered page lists its modules for the starter instead of loading them from the head', async () => {
    const html = await get('/');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const list = /<script type="application\/json" id="gogo-modules">([^<]*)<\/script>\s*<\/body>/.exec(html);
    expect(list, 'the list sits at the end of the body').not.toBeNull();
    // The entry, and each chunk of the entry and of the landing once, in load order.
    expect(JSON.parse(list?.[1] ?? '')).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/paths-1.js', '/assets/Icon-1.js', '/assets/LandingPage-1.js'],
    });
    // A page the build did not prerender loads its scripts from the head as before.
    const other = await get('/how-to-play');
    expect(other).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(other).not.toContain('gogo-modules');
  });

  it('sends pages compressed to clients that accept it, plain to the others', async () => {
    const plain = await get('/');
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await app.inject({ method: 'GET', url: '/features', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(await get('/features'));
    const refused = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain);
  });

  it('puts the prerendered landing inside #root of / only (scripts/prerender.mjs)', async () => {
    for (const url of ['/', '/?ref=abc']) {
      expect(await get(url)).toContain(`<div id="root">${PRERENDERED_LANDING}</div>`);
    }
    for (const url of ['/features', '/game', '/nowhere']) {
      const html = await get(url);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(PRERENDERED_LANDING);
    }
  });

  it('leaves /api and files alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/config' });
    expect(res.headers['content-type']).toMatch(/json/);
    const file = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(file.body).toBe('console.log(1)');
  });
});
