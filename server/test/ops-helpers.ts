import { dirname } from 'node:path';
import type { AppConfig } from '../src/settings/index.js';
import { testConfig } from './helpers.js';

/** A test configuration for an app on `file` (tests that build several apps or their own logger). */
export function configFor(file: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return testConfig(dirname(file), { databaseFile: file, ...overrides });
}
