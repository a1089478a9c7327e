/**
 * USD value of a GOGO balance at a price per GOGO, rounded to cents: the "potential value" of the
 * token launch dialog (spec: balance x 0.1 at the $0.10 launch price). The price is the server's
 * LAUNCH_PRICE_USD, so the dialog never disagrees with the launch price it shows.
 */
export function valueAt(balance: number, priceUsd: number): number {
  return Math.round(balance * priceUsd * 100) / 100;
}
