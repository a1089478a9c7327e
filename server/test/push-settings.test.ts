import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, generateVapidKeys, loadConfig, parsePushConfig, vapidKeysValid } from '../src/settings/index.js';

/** VAPID keys: from the environment, else DATA_DIR/secrets.json on SQLite, else the database's (PostgreSQL). */
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gogo-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const ctx = (dir: string, onPostgres = false) => ({
  dataDir: dir,
  onPostgres,
  supportEmail: 'help@gogo.example',
  test: false,
});

describe('VAPID settings', () => {
  it('generates a pair into secrets.json beside the token secret, once, readable by the owner only', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'development' });
    const stored = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'));
    expect(stored.jwtSecret).toBe(config.jwtSecret);
    expect(config.push?.vapid).toEqual({ publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey });
    expect(vapidKeysValid(config.push!.vapid!)).toBe(true);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dir, NODE_ENV: 'development' });
    expect(again.push?.vapid).toEqual(config.push?.vapid);
    expect(again.jwtSecret).toBe(config.jwtSecret);
    expect(config.push?.subject).toBe('mailto:support@gogoboard.app');
  });

  it('leaves the pair to the database on PostgreSQL, and takes the environment’s when set', () => {
    expect(parsePushConfig({}, ctx(dataDir(), true)).vapid).toBeNull();
    const keys = generateVapidKeys();
    const env = {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://gogo.example',
    };
    expect(parsePushConfig(env, ctx(dataDir(), true))).toMatchObject({ vapid: keys, subject: 'https://gogo.example' });
  });

  it('refuses a half pair, a mismatched pair and a subject that is not mailto: or https:', () => {
    const a = generateVapidKeys();
    const b = generateVapidKeys();
    for (const env of [
      { VAPID_PUBLIC_KEY: a.publicKey },
      { VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey },
      { VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: a.privateKey },
      { VAPID_SUBJECT: 'http://gogo.example' },
    ]) {
      expect(() => parsePushConfig(env, ctx(dataDir()))).toThrow(ConfigError);
    }
  });
});
