/**
 * Counts in texts ('12,345', en-US), written without Intl on their common path: a page's first Intl
 * formatter makes V8 load its locale data (25 to 45 ms in this machine's Chromium, several times that
 * on a phone), and `toLocaleString('en-US')` builds a new formatter on every call. A whole number is
 * grouped by hand; anything else (fractions, numbers too large to count exactly) goes to one shared
 * Intl formatter, so the text is always Intl's own (client/src/lib/plainFormat.test.ts holds both
 * equal for any input).
 */

let intlCount: Intl.NumberFormat | null = null;

/** '1,234,567': the digits of a whole number, grouped by three. */
export const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** '12,345' (en-US), the same text as `value.toLocaleString('en-US')`. */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0))
    return (value < 0 ? '-' : '') + groupDigits(String(Math.abs(value)));
  intlCount ??= new Intl.NumberFormat('en-US');
  return intlCount.format(value);
}
