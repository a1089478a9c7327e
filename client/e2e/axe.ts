import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export interface AxeScan {
  /** Only these rule tags (axe's runOnly); every rule when absent. */
  tags?: string[];
  /** Only this part of the page (a CSS selector); the whole page when absent. */
  within?: string;
}

/**
 * One axe scan of the page as it is, finding what axe's defaults find at two thirds of their CPU:
 * - every violating node is reported in full, but of passing and inapplicable rules only the first
 *   node (axe's resultTypes): building a unique selector for every passing node is a large part of a
 *   scan, and no test reads those nodes;
 * - axe.run in the page itself (legacy mode), rather than a partial run finished in a blank page that
 *   opens, loads axe again and closes at every scan. The partial run is for cross-origin frames, and
 *   the app has none.
 * Measured on the three specs that scan most (a11y, admin-a11y, profile; 15 tests): 88-102 busy
 * core-seconds and 52-57 s, against 139-163 and 77-90 s with axe's defaults.
 */
export function scanWithAxe(page: Page, scan: AxeScan = {}): Promise<AxeResults> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
  if (scan.tags) builder.withTags(scan.tags);
  if (scan.within) builder.include(scan.within);
  return builder.analyze();
}
