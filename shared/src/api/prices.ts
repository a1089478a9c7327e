import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

const ByCoin = (description: string) =>
  Type.Object(
    { btc: Type.Number(), eth: Type.Number(), sol: Type.Number(), usdt: Type.Number(), usdc: Type.Number() },
    { description },
  );

export const PriceData = Type.Object({
  pricesUsd: ByCoin('USD price of one unit of each currency'),
  updatedAt: Type.String({ format: 'date-time', description: 'when these prices were observed' }),
  source: Type.Union([Type.Literal('table'), Type.Literal('feed')]),
  stale: Type.Boolean({ description: 'true when the feed failed and the last known prices are served' }),
});
export type PriceData = Static<typeof PriceData>;
export const PriceDataResponse = Ok(PriceData);

export const QuoteQuery = Type.Object({ usd: Type.Number({ minimum: 0, maximum: 1_000_000_000 }) });
export type QuoteQuery = Static<typeof QuoteQuery>;
export const PriceQuote = Type.Object({
  usd: Type.Number(),
  quote: ByCoin('amount of each currency worth `usd`, rounded up to its quote decimals'),
  pricesUsd: ByCoin('the prices the quote used'),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type PriceQuote = Static<typeof PriceQuote>;
export const PriceQuoteResponse = Ok(PriceQuote);
