/**
 * Numbers and the launch date in words, as the public pages show them, written without Intl on their
 * common path: a page's first Intl formatter makes V8 load its locale data, 25 to 45 ms in this
 * machine's Chromium and four times that on Lighthouse's phone, which made the longest task of the
 * landing's start. The texts are Intl's en-US (numbers) and en-GB (date) ones; the rare value the
 * plain path does not cover goes to Intl itself. plainFormat.test.ts holds both equal for any input.
 * Counts are the shared texts' own formatter, formatCount (@gogo/shared/messages count.ts).
 */
import { groupDigits } from '@gogo/shared/messages';

let intlUsd: Intl.NumberFormat | null = null;

/** '$0.10', '$1,234.50', '-$2.00' (en-US currency, two decimals). */
export function formatUsd(value: number): string {
  const cents = Math.round(value * 100);
  // Whole cents only (a price is one: the number nearest some cents, which dividing them gives back),
  // and below 1e12, where a double's step is far under a cent, so Intl's rounding of its exact value
  // lands on the same cents. Anything else goes to Intl (-54352668716407.625 is no whole cents).
  if (Math.abs(value) < 1e12 && !Object.is(cents, -0) && cents / 100 === value) {
    const abs = Math.abs(cents);
    const text = `$${groupDigits(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
    return cents < 0 ? `-${text}` : text;
  }
  intlUsd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  return intlUsd.format(value);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const two = (n: number) => String(n).padStart(2, '0');

/** '1 December 2025, 00:00 UTC': the launch moment, the same words for every visitor. */
export function formatLaunchDate(iso: string): string {
  const d = new Date(iso);
  const year = d.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) {
    // Not a date, or a year Intl writes in its own way: Intl says it (and throws on an invalid date).
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: 'UTC',
    });
    return `${day.format(d)}, ${time.format(d)} UTC`;
  }
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${year}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}
