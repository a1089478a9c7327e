import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceData, PriceQuote } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { profileKeys } from './keys';

const PRICE_REFRESH_MS = 60_000;

export const fetchPrices = () => api.get<PriceData>('/prices/latest');

/** Latest USD prices: the deposit tab's live USD value. Refreshed every minute while shown. */
export const pricesQuery = () =>
  queryOptions({
    queryKey: profileKeys.prices,
    queryFn: fetchPrices,
    staleTime: PRICE_REFRESH_MS,
    refetchInterval: PRICE_REFRESH_MS,
  });

export const usePrices = () => useQuery(pricesQuery());

export const fetchQuote = (usd: number) => api.get<PriceQuote>(`/prices/quote?usd=${encodeURIComponent(usd)}`);

/** How much of each currency pays `usd` (the dice purchase price). */
export const quoteQuery = (usd: number) =>
  queryOptions({
    queryKey: profileKeys.quote(usd),
    queryFn: () => fetchQuote(usd),
    staleTime: PRICE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useQuote = (usd: number | null) => useQuery({ ...quoteQuery(usd ?? 0), enabled: usd !== null && usd > 0 });
