import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as prices from '@gogo/shared/api/endpoints/prices';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

const PRICE_REFRESH_MS = 60_000;

export const fetchPrices = () => call(prices.latestPrices);

/** Latest USD prices: the deposit tab's live USD value. Refreshed every minute while shown. */
export const pricesQuery = () =>
  queryOptions({
    queryKey: profileKeys.prices,
    queryFn: fetchPrices,
    staleTime: PRICE_REFRESH_MS,
    refetchInterval: PRICE_REFRESH_MS,
  });

export const usePrices = () => useQuery(pricesQuery());

export const fetchQuote = (usd: number) => call(prices.priceQuote, { query: { usd } });

/** How much of each currency pays `usd` (the dice purchase price). */
export const quoteQuery = (usd: number) =>
  queryOptions({
    queryKey: profileKeys.quote(usd),
    queryFn: () => fetchQuote(usd),
    staleTime: PRICE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useQuote = (usd: number | null) => useQuery({ ...quoteQuery(usd ?? 0), enabled: usd !== null && usd > 0 });
