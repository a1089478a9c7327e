import { join } from 'node:path';
import { defaultAuthRateLimit, defaultSiteConfig, type AppConfig } from '../src/settings/index.js';

/** A test configuration for an app on `file` (tests that build several apps or their own logger). */
export function configFor(file: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: join(file, '..'),
    databaseFile: file,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    version: '0.0.0-test',
    authRateLimit: { ...defaultAuthRateLimit, perIpMax: 10_000, perAccountMax: 10_000 },
    testSeed: null,
    benchNoCooldown: false,
    testRollCooldownMs: null,
    adminBootstrap: null,
    site: defaultSiteConfig,
    ...overrides,
  };
}
