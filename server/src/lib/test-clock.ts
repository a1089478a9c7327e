import { readFileSync, statSync } from 'node:fs';
import type { Clock } from './clock.js';

/** What a test writes to the clock file: how far the server's clock runs ahead of the system's. */
export interface TestClockFile {
  aheadMs: number;
}

/**
 * Test-only (GOGO_TEST_CLOCK_FILE): the system clock plus the `aheadMs` of a JSON file that a browser
 * test rewrites to move the server's time forward (an event ends, a cooldown passes) instead of
 * waiting for it. The file is read when it changes, so the next request after a write sees the new
 * time; a missing or half-written file leaves the last good offset (a test writes it atomically).
 */
export function fileOffsetClock(file: string, system: Clock = () => Date.now()): Clock {
  let aheadMs = 0;
  let seen = '';
  return () => {
    const stat = statSync(file, { throwIfNoEntry: false });
    // A rename replaces the file (new inode), so the key changes even within one mtime tick.
    const version = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : '';
    if (stat && version !== seen) {
      seen = version;
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<TestClockFile>;
        if (typeof parsed.aheadMs === 'number' && Number.isFinite(parsed.aheadMs)) aheadMs = parsed.aheadMs;
      } catch {
        seen = ''; // read it again at the next tick
      }
    }
    return system() + aheadMs;
  };
}
