import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The e2e server's clock (GOGO_TEST_CLOCK_FILE, client/playwright.config.ts): it runs `aheadMs` ahead
 * of the system clock, as this file says. A test that needs time to pass on the server (an event
 * ending) moves it forward here instead of waiting; the server reads the file at its next tick.
 */
export function serverClockFile(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (client/playwright.config.ts sets it)');
  return join(dataDir, 'test-clock.json');
}

function aheadMs(): number {
  try {
    const parsed = JSON.parse(readFileSync(serverClockFile(), 'utf8')) as { aheadMs?: unknown };
    return typeof parsed.aheadMs === 'number' ? parsed.aheadMs : 0;
  } catch {
    return 0; // no file yet: the server runs on the system clock
  }
}

/** The server's time now (epoch ms). */
export const serverNow = () => Date.now() + aheadMs();

/** Moves the server's clock forward by `ms` (never back: other tests share the server). */
export function advanceServerClock(ms: number) {
  const file = serverClockFile();
  // A whole new file renamed over the old one: the server never reads a half-written offset.
  writeFileSync(`${file}.tmp`, JSON.stringify({ aheadMs: aheadMs() + Math.max(0, ms) }));
  renameSync(`${file}.tmp`, file);
}
