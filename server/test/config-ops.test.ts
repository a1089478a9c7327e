import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_POOL_MAX, loadConfig } from '../src/settings/index.js';

// The operations settings: DATABASE_URL, DATABASE_POOL_MAX, TRUST_PROXY, METRICS_TOKEN.
const dataDir = mkdtempSync(join(tmpdir(), 'gogo-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (extra: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...extra });

describe('operations settings', () => {
  it('defaults: SQLite, a pool of 10, no trusted proxy, no metrics token', () => {
    const config = load({});
    expect(config.databaseUrl).toBeNull();
    expect(config.databasePoolMax).toBe(DEFAULT_POOL_MAX);
    expect(config.trustProxy).toBeNull();
    expect(config.metricsToken).toBeNull();
  });

  it('reads a postgres:// or postgresql:// DATABASE_URL as given', () => {
    expect(load({ DATABASE_URL: 'postgres://gogo:pw@db.internal:5432/gogo' }).databaseUrl).toBe(
      'postgres://gogo:pw@db.internal:5432/gogo',
    );
    expect(load({ DATABASE_URL: ' postgresql://gogo@127.0.0.1/gogo?sslmode=require ' }).databaseUrl).toBe(
      'postgresql://gogo@127.0.0.1/gogo?sslmode=require',
    );
    expect(load({ DATABASE_URL: '' }).databaseUrl).toBeNull();
  });

  it('reads DATABASE_READ_URL (a replica) only beside DATABASE_URL, with its own pool size', () => {
    const primary = 'postgres://gogo:pw@db.internal:5432/gogo';
    const replica = 'postgres://gogo:pw@replica.internal:5432/gogo';
    const config = load({ DATABASE_URL: primary, DATABASE_READ_URL: replica, DATABASE_READ_POOL_MAX: '4' });
    expect(config.databaseReadUrl).toBe(replica);
    expect(config.databaseReadPoolMax).toBe(4);
    expect(load({ DATABASE_URL: primary }).databaseReadUrl).toBeNull();
    expect(() => load({ DATABASE_READ_URL: replica })).toThrow(/^DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => load({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://r/gogo' })).toThrow(ConfigError);
    expect(() => load({ DATABASE_URL: primary, DATABASE_READ_URL: replica, DATABASE_READ_POOL_MAX: '0' })).toThrow(
      /DATABASE_READ_POOL_MAX/,
    );
  });

  it.each([
    ['mysql://gogo@db/gogo', /postgres:\/\/ or postgresql:\/\//],
    ['sqlite:///data/gogo.sqlite', /postgres:\/\/ or postgresql:\/\//],
    ['just-a-host', /DATABASE_URL must be a URL/],
    ['postgres://db.internal:5432', /host and a database name/],
  ])('refuses DATABASE_URL %s with one clear line', (url, message) => {
    let error: unknown;
    try {
      load({ DATABASE_URL: url });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads DATABASE_POOL_MAX and refuses 0 or non-numbers', () => {
    expect(load({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
    expect(() => load({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX must be at least 1/);
    expect(() => load({ DATABASE_POOL_MAX: 'lots' })).toThrow(/DATABASE_POOL_MAX must be a whole number/);
  });

  it('reads TRUST_PROXY as a list of addresses, CIDRs and named ranges', () => {
    expect(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(load({ TRUST_PROXY: ' , ' }).trustProxy).toBeNull();
  });

  it.each(['true', '*', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/x', '300.1.1.1'])(
    'refuses TRUST_PROXY entry %s (trusting everyone would let any client forge its address)',
    (entry) => {
      expect(() => load({ TRUST_PROXY: `127.0.0.1,${entry}` })).toThrow(ConfigError);
      expect(() => load({ TRUST_PROXY: `127.0.0.1,${entry}` })).toThrow(`"${entry}" is neither`);
    },
  );

  it('reads METRICS_TOKEN and refuses a short one', () => {
    expect(load({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => load({ METRICS_TOKEN: 'has spaces in the middle of it' })).toThrow(/METRICS_TOKEN/);
  });

  it('every refused setting is a ConfigError (printed without a stack at start)', () => {
    expect(() => load({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => load({ PUBLIC_URL: 'ftp://x' })).toThrow(ConfigError);
  });
});

describe('password hashing cost', () => {
  it('is OWASP argon2id unless a test run asks for the fast one; production refuses the switch', async () => {
    const { passwordHashOptions } = await import('../src/lib/passwords.js');
    expect(passwordHashOptions({ NODE_ENV: 'production' })).toMatchObject({ memoryCost: 19456, timeCost: 2 });
    expect(passwordHashOptions({ NODE_ENV: 'development', GOGO_FAST_PASSWORD_HASH: '1' })).toMatchObject({
      memoryCost: 19456,
      timeCost: 2,
    });
    expect(passwordHashOptions({ NODE_ENV: 'test', GOGO_FAST_PASSWORD_HASH: '1' }).memoryCost).toBeLessThan(19456);
    expect(() =>
      load({ NODE_ENV: 'production', GOGO_FAST_PASSWORD_HASH: '1', PUBLIC_URL: 'https://gogo.example' }),
    ).toThrow(/GOGO_FAST_PASSWORD_HASH/);
  });
});
