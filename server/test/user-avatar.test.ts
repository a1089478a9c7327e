import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectImage } from '../src/modules/avatars/image.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { makeJpeg, makePng, makeWebp, multipart, pngHeaderOnly } from './image-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Player = Awaited<ReturnType<typeof registerPlayer>>;

async function upload(player: Player, file: Buffer, name = 'avatar.png', type = 'image/png', field = 'avatar') {
  const body = multipart(field, name, type, file);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/user/avatar/${player.user.id}`,
    headers: { ...bearer(player.token), ...body.headers },
    payload: body.payload,
  });
}

const avatarFiles = () => readdirSync(join(ctx.dataDir, 'uploads', 'avatars')).filter((f) => !f.endsWith('.tmp'));

describe('avatar upload', () => {
  it('stores a PNG under DATA_DIR with a random name and serves it with its type, nosniff and a sandbox CSP', async () => {
    const player = await registerPlayer(ctx.app);
    const png = makePng(64, 48);
    const res = await upload(player, png, 'me.png');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ mime: 'image/png', width: 64, height: 48, bytes: png.length });
    expect(data.avatarUrl).toMatch(/^\/api\/files\/avatars\/[a-f0-9]{32}\.png$/);
    const file = data.avatarUrl.split('/').pop();
    expect(existsSync(join(ctx.dataDir, 'uploads', 'avatars', file))).toBe(true);

    const served = await ctx.app.inject({ method: 'GET', url: data.avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(png)).toBe(true);

    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/profile/${player.user.id}`,
      headers: bearer(player.token),
    });
    expect(profile.json().data.avatarUrl).toBe(data.avatarUrl);
  });

  it('accepts JPEG and WebP by content, whatever the file name and declared type say', async () => {
    const player = await registerPlayer(ctx.app);
    const jpeg = await upload(player, makeJpeg(300, 200), 'photo.png', 'image/png');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().data).toMatchObject({ mime: 'image/jpeg', width: 300, height: 200 });
    expect(jpeg.json().data.avatarUrl).toMatch(/\.jpg$/);

    const webp = await upload(player, makeWebp(1024, 1024), 'x.bin', 'application/octet-stream');
    expect(webp.statusCode).toBe(200);
    expect(webp.json().data).toMatchObject({ mime: 'image/webp', width: 1024, height: 1024 });
    const served = await ctx.app.inject({ method: 'GET', url: webp.json().data.avatarUrl });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('removes EXIF from a JPEG and text chunks and trailing bytes from a PNG', async () => {
    const player = await registerPlayer(ctx.app);
    const jpeg = await upload(player, makeJpeg(10, 10, 'GPS 48.8584N 2.2945E secret'), 'a.jpg', 'image/jpeg');
    const servedJpeg = await ctx.app.inject({ method: 'GET', url: jpeg.json().data.avatarUrl });
    expect(servedJpeg.rawPayload.toString('latin1')).not.toContain('GPS');
    expect(servedJpeg.rawPayload.toString('latin1')).not.toContain('Exif');
    expect(servedJpeg.rawPayload.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));

    const polyglot = makePng(8, 8, { text: 'my home address', trailing: Buffer.from('<script>alert(1)</script>') });
    const png = await upload(player, polyglot);
    expect(png.statusCode).toBe(200);
    const servedPng = await ctx.app.inject({ method: 'GET', url: png.json().data.avatarUrl });
    const text = servedPng.rawPayload.toString('latin1');
    expect(text).not.toContain('home address');
    expect(text).not.toContain('<script>');
    expect(servedPng.rawPayload.equals(makePng(8, 8))).toBe(true);
  });

  it('refuses an HTML file named .png', async () => {
    const player = await registerPlayer(ctx.app);
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const res = await upload(player, html, 'cute-cat.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'AVATAR_INVALID_TYPE',
      message: 'The avatar must be a PNG, JPEG or WebP image.',
    });
  });

  it('refuses an SVG with a script', async () => {
    const player = await registerPlayer(ctx.app);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await upload(player, svg, 'avatar.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('AVATAR_INVALID_TYPE');
  });

  it('refuses a 10 MB file with 413, and a file just over 2 MB too', async () => {
    const player = await registerPlayer(ctx.app);
    const big = Buffer.concat([makePng(16, 16), Buffer.alloc(10 * 1024 * 1024, 7)]);
    const res = await upload(player, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'AVATAR_TOO_LARGE', message: 'The avatar must be at most 2 MB.' });

    // Under the Content-Length shortcut, so the multipart parser's own limit answers.
    const justOver = Buffer.concat([makePng(16, 16), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const res2 = await upload(player, justOver);
    expect(res2.statusCode).toBe(413);
    expect(res2.json().error.code).toBe('AVATAR_TOO_LARGE');
    expect(tmpFilesLeft()).toBe(0);
  });

  it('refuses a PNG claiming 5000x5000, and one over 1024 on a single side', async () => {
    const player = await registerPlayer(ctx.app);
    const res = await upload(player, pngHeaderOnly(5000, 5000));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'AVATAR_DIMENSIONS',
      message: 'The avatar must be at most 1024 x 1024 pixels.',
      details: { width: 5000, height: 5000, max: 1024 },
    });
    const wide = await upload(player, makePng(1025, 1));
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error.code).toBe('AVATAR_DIMENSIONS');
  });

  it('refuses a truncated PNG, a corrupt header checksum and an empty or missing file', async () => {
    const player = await registerPlayer(ctx.app);
    const png = makePng(20, 20);
    expect((await upload(player, png.subarray(0, png.length - 20))).json().error.code).toBe('AVATAR_INVALID_TYPE');
    const corrupt = Buffer.from(png);
    corrupt[20] = 0xff; // height byte, CRC no longer matches
    expect((await upload(player, corrupt)).json().error.code).toBe('AVATAR_INVALID_TYPE');
    const empty = await upload(player, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('AVATAR_REQUIRED');
    const wrongField = await upload(player, png, 'a.png', 'image/png', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.code).toBe('AVATAR_REQUIRED');
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/avatar/${player.user.id}`,
      headers: bearer(player.token),
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('AVATAR_REQUIRED');
  });

  it("lets a player change only their own avatar; another player's upload or delete is 403", async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const body = multipart('avatar', 'a.png', 'image/png', makePng(4, 4));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/avatar/${a.user.id}`,
      headers: { ...bearer(b.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/avatar/${a.user.id}`,
      headers: bearer(b.token),
    });
    expect(del.statusCode).toBe(403);
    const anon = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/avatar/${a.user.id}`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('replacing an avatar deletes the old file; deleting it makes the URL 404', async () => {
    const player = await registerPlayer(ctx.app);
    const first = (await upload(player, makePng(10, 10))).json().data.avatarUrl as string;
    const second = (await upload(player, makePng(12, 12))).json().data.avatarUrl as string;
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(avatarFiles()).not.toContain(first.split('/').pop());
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/avatar/${player.user.id}`,
      headers: bearer(player.token),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.avatarUrl).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect(avatarFiles()).not.toContain(second.split('/').pop());
  });

  it('the files route takes only generated names (no path tricks)', async () => {
    for (const url of [
      '/api/files/avatars/..%2F..%2Fgogo.sqlite',
      '/api/files/avatars/secrets.json',
      '/api/files/avatars/0123456789abcdef0123456789abcdef.svg',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.headers['content-type']).toContain('application/json');
    }
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/files/avatars/0123456789abcdef0123456789abcdef.png',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

/** No half-written file is left behind. */
function tmpFilesLeft() {
  return readdirSync(join(ctx.dataDir, 'uploads', 'avatars')).filter((f) => f.endsWith('.tmp')).length;
}

describe('inspectImage (content recognition)', () => {
  it('reads the size from each format header', () => {
    expect(inspectImage(makePng(3, 7), 1024)).toMatchObject({ kind: 'png', width: 3, height: 7 });
    expect(inspectImage(makeJpeg(640, 480), 1024)).toMatchObject({ kind: 'jpeg', width: 640, height: 480 });
    expect(inspectImage(makeWebp(1, 1024), 1024)).toMatchObject({ kind: 'webp', width: 1, height: 1024 });
  });

  it('reads a lossy VP8 and an extended VP8X WebP, dropping its EXIF chunk', () => {
    const chunk = (fourcc: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(fourcc, 0, 'latin1');
      head.writeUInt32LE(data.length, 4);
      return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
    };
    const riff = (...chunks: Buffer[]) => {
      const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
      const head = Buffer.alloc(8);
      head.write('RIFF', 0, 'latin1');
      head.writeUInt32LE(body.length, 4);
      return Buffer.concat([head, body]);
    };
    const vp8 = Buffer.from([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0, 0, 0, 0, 0, 0]);
    vp8.writeUInt16LE(200, 6);
    vp8.writeUInt16LE(100, 8);
    expect(inspectImage(riff(chunk('VP8 ', vp8)), 1024)).toMatchObject({ kind: 'webp', width: 200, height: 100 });

    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0x08; // EXIF flag
    vp8x.writeUIntLE(499, 4, 3);
    vp8x.writeUIntLE(299, 7, 3);
    const result = inspectImage(
      riff(chunk('VP8X', vp8x), chunk('VP8 ', vp8), chunk('EXIF', Buffer.from('GPS here'))),
      1024,
    );
    expect(result).toMatchObject({ kind: 'webp', width: 500, height: 300 });
    if ('data' in result) {
      expect(result.data.toString('latin1')).not.toContain('GPS');
      expect(result.data.readUInt32LE(4)).toBe(result.data.length - 8);
      expect(result.data[20]! & 0x08).toBe(0);
    }
  });

  it('refuses anything else', () => {
    for (const bytes of [
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('BM'),
      Buffer.from('%PDF-1.7'),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('RIFF\x04\x00\x00\x00WAVE'),
      Buffer.alloc(0),
    ]) {
      expect(inspectImage(bytes, 1024)).toEqual({ error: 'type' });
    }
    expect(inspectImage(pngHeaderOnly(0, 10), 1024)).toEqual({ error: 'type' });
  });
});
