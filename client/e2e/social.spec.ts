import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page, withoutServiceWorker } from './fixtures';
import { signUpViaApi, uniquePlayer, watchForPageErrors, keepShot } from './support';

/** A small, real PNG made here (a gold-to-blue gradient), so the test needs no fixture file. */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / (width + height);
      row[1 + x * 3] = Math.round(247 * (1 - t) + 60 * t);
      row[2 + x * 3] = Math.round(183 * (1 - t) + 120 * t);
      row[3 + x * 3] = Math.round(49 * (1 - t) + 255 * t);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function newPlayerPage(browser: Browser, prefix: string) {
  const context = await withoutServiceWorker(await browser.newContext({ reducedMotion: 'reduce' }));
  const page = await context.newPage();
  const player = await signUpViaApi(page, uniquePlayer(prefix));
  return { context, page, player };
}

const friendsTab = (page: Page) => page.getByRole('tab', { name: 'Friends' });

test.describe('profile settings and friends', () => {
  test('uploads an avatar with a preview, and the picture is served as an image', async ({ page }, testInfo) => {
    const pageErrors = watchForPageErrors(page);
    const player = await signUpViaApi(page, uniquePlayer('pic'));
    await page.goto('/profile?tab=settings');
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('region', { name: 'Profile picture' });
    await expect(card).toBeVisible();

    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(96, 96) });
    const picture = card.locator('img.avatar');
    await expect(picture).toHaveAttribute('src', /^blob:/);
    await expect(card.getByText('Preview: me.png')).toBeVisible();
    await keepShot(page, testInfo, `avatar-preview-${testInfo.project.name}.png`, { fullPage: true });

    await card.getByRole('button', { name: 'Save picture' }).click();
    await expect(card.getByText('Your new picture is saved.')).toBeVisible();
    await expect(picture).toHaveAttribute('src', /^\/api\/files\/avatars\/[a-f0-9]{32}\.png$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);

    const src = (await picture.getAttribute('src'))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    const profile = await page.request.get(`/api/user/profile/${player.user.id}`, {
      headers: { Authorization: `Bearer ${player.token}` },
    });
    expect((await profile.json()).data.avatarUrl).toBe(src);

    // An HTML file dressed as a PNG is refused with the server's text.
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await expect(card.getByRole('alert')).toHaveText('The avatar must be a PNG, JPEG or WebP image.');
    await keepShot(page, testInfo, `settings-${testInfo.project.name}.png`, { fullPage: true });
    pageErrors();
  });

  test('a friend request is sent by one player and accepted by another', async ({ browser }, testInfo) => {
    const alice = await newPlayerPage(browser, 'alice');
    const bob = await newPlayerPage(browser, 'bob');
    const aliceErrors = watchForPageErrors(alice.page);
    const bobErrors = watchForPageErrors(bob.page);

    // Alice finds Bob by name and asks.
    await alice.page.goto('/profile?tab=friends');
    await expect(friendsTab(alice.page)).toHaveAttribute('aria-selected', 'true');
    await alice.page.getByLabel('Search by username').fill(bob.player.username);
    const results = alice.page.getByRole('list', { name: 'Search results' });
    const bobRow = results.getByRole('listitem').filter({ hasText: bob.player.username });
    await bobRow.getByRole('button', { name: 'Add friend' }).click();
    await expect(bobRow.getByRole('button', { name: 'Cancel request' })).toBeVisible();
    const sent = alice.page.getByRole('list', { name: 'Sent requests' });
    await expect(sent.getByText(bob.player.username)).toBeVisible();

    // Bob sees it and accepts.
    await bob.page.goto('/profile?tab=friends');
    const received = bob.page.getByRole('list', { name: 'Received requests' });
    await expect(received.getByText(alice.player.username)).toBeVisible();
    await expect(bob.page.getByRole('heading', { name: /Friend requests/ })).toContainText('1');
    await keepShot(bob.page, testInfo, `friends-request-${testInfo.project.name}.png`, { fullPage: true });
    await received.getByRole('button', { name: `Accept ${alice.player.username}` }).click();

    const bobFriends = bob.page.getByRole('list', { name: 'Friends' });
    const aliceRow = bobFriends.getByRole('listitem').filter({ hasText: alice.player.username });
    await expect(aliceRow).toBeVisible();
    await expect(aliceRow.getByText('Online')).toBeVisible();
    await expect(bob.page.getByText('No pending requests.')).toBeVisible();

    // Alice sees Bob as a friend once her page refreshes its lists.
    await alice.page.reload();
    const aliceFriends = alice.page.getByRole('list', { name: 'Friends' });
    await expect(aliceFriends.getByRole('listitem').filter({ hasText: bob.player.username })).toBeVisible();
    await keepShot(alice.page, testInfo, `friends-list-${testInfo.project.name}.png`, { fullPage: true });

    aliceErrors();
    bobErrors();
    await alice.context.close();
    await bob.context.close();
  });
});
