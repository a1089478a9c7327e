import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { spaPlugin } from '../src/plugins/spa.js';

// The client host: client routes get index.html, hashed assets are cached and sent pre-compressed.
let app: FastifyInstance;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gogo-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>GOGO</title><div id="root"></div>');
  const js = 'console.log("board");'.repeat(200);
  writeFileSync(join(dist, 'assets', 'game-abc123.js'), js);
  writeFileSync(join(dist, 'assets', 'game-abc123.js.br'), brotliCompressSync(js));
  app = Fastify();
  await app.register(spaPlugin, { distDir: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('client host', () => {
  it('serves index.html, uncached, for any client route', async () => {
    for (const url of ['/', '/game', '/admin/dashboard', '/profile?tab=history']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends the brotli file to browsers that accept it, with a long immutable cache', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/game-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    const plain = await app.inject({ method: 'GET', url: '/assets/game-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(res.rawPayload.length);
  });
});
