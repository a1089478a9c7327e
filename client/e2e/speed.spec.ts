import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const BUDGET_GZIP_BYTES = 170 * 1024;

test('the landing loads no Phaser and at most 170 KB of gzipped JavaScript', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the same bundle at both sizes: measured once');
  const scripts = new Map<string, Buffer>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.set(res.url(), await res.body());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Scrolling through the page and opening its modals may load more code: count that too.
  await page.getByRole('button', { name: 'Learn More' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.mouse.wheel(0, 6000);
  await page.waitForLoadState('networkidle');

  expect(scripts.size).toBeGreaterThan(0);
  let raw = 0;
  let gzip = 0;
  const lines: string[] = [];
  for (const [url, body] of scripts) {
    const size = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += size;
    lines.push(
      `${new URL(url).pathname}  ${(body.length / 1024).toFixed(1)} KB raw, ${(size / 1024).toFixed(1)} KB gzip`,
    );
    expect(url.toLowerCase()).not.toContain('phaser');
    expect(body.toString('utf8'), `${url} contains Phaser`).not.toMatch(/phaser/i);
  }
  const summary = `landing JavaScript: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip\n${lines.join('\n')}`;
  console.log(summary);
  await info.attach('landing-js.txt', { body: summary, contentType: 'text/plain' });
  expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
});
