import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileOffsetClock } from '../src/lib/test-clock.js';
import { loadConfig } from '../src/settings/index.js';

/** GOGO_TEST_CLOCK_FILE: browser tests move the server's time forward through a file; production refuses it. */
describe('a test clock file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gogo-test-clock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = (extra: Record<string, string>) => ({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), ...extra });
  /** Written the way the browser tests write it: a whole new file renamed over the old one. */
  const write = (file: string, text: string) => {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  };

  it('is read in test mode, absent by default, and refused in production', () => {
    const file = join(dir, 'clock.json');
    expect(loadConfig(env({ NODE_ENV: 'test', GOGO_TEST_CLOCK_FILE: file })).testClockFile).toBe(file);
    expect(loadConfig(env({ NODE_ENV: 'test' })).testClockFile).toBeNull();
    expect(() => loadConfig(env({ NODE_ENV: 'production', GOGO_TEST_CLOCK_FILE: file }))).toThrow(
      /GOGO_TEST_CLOCK_FILE.*refused when NODE_ENV=production/,
    );
  });

  it('runs ahead of the system clock by the aheadMs the file holds at each reading', () => {
    const file = join(dir, 'ahead.json');
    const system = 1_000_000;
    const clock = fileOffsetClock(file, () => system);
    expect(clock()).toBe(system); // no file yet: the system's time
    write(file, JSON.stringify({ aheadMs: 300_000 }));
    expect(clock()).toBe(system + 300_000);
    write(file, JSON.stringify({ aheadMs: 360_000 }));
    expect(clock()).toBe(system + 360_000);
    write(file, '{"aheadMs": 4'); // half written: the last good offset stays
    expect(clock()).toBe(system + 360_000);
    write(file, JSON.stringify({ aheadMs: 420_000 }));
    expect(clock()).toBe(system + 420_000);
  });
});
