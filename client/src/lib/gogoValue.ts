import type { PublicConfig } from '@gogo/shared/api';
import { gogoValueText } from '@gogo/shared/messages';
import { formatLaunchDate, formatUsd } from './plainFormat';
import { usePublicConfig } from './siteConfig';

/** What GOGO are worth, as every page tells it: what a withdrawal pays (REDEMPTION_PRICE_USD). */
export interface GogoValue {
  /** The launch date has passed. */
  launched: boolean;
  priceUsd: number;
  /** '$0.10' */
  price: string;
  /** The one sentence of the landing, the launch dialog and the terms. */
  line: string;
  /** The USD a withdrawal of `gogo` pays, to the cent. */
  valueOf: (gogo: number) => number;
  /** 'at $0.10 per GOGO, what a withdrawal pays' (or that GOGO have no cash value). */
  note: string;
}

export function gogoValueOf(config: PublicConfig, now: number): GogoValue {
  const priceUsd = config.redemptionPriceUsd;
  const price = formatUsd(priceUsd);
  const date = formatLaunchDate(config.launchAt);
  const launched = Date.parse(config.launchAt) <= now;
  return {
    launched,
    priceUsd,
    price,
    line: launched
      ? gogoValueText.launchedLine(date, price, priceUsd > 0)
      : gogoValueText.announcedLine(date, formatUsd(config.launchPriceUsd), price),
    valueOf: (gogo) => Math.round(gogo * priceUsd * 100) / 100,
    note: priceUsd > 0 ? gogoValueText.perGogo(price) : gogoValueText.noValue,
  };
}

/** The story from the server's settings; null until they are known. */
export function useGogoValue(): GogoValue | null {
  const { data } = usePublicConfig();
  return data ? gogoValueOf(data, Date.now()) : null;
}
