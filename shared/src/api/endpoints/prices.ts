import { endpoint, STANDARD_ERROR_STATUSES } from '../endpoint.js';
import { PriceDataResponse, PriceQuoteResponse, QuoteQuery } from '../prices.js';

// Crypto prices for deposit and withdrawal quotes.

export const latestPrices = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/prices/latest',
  auth: 'none',
  tags: ['prices'],
  summary: 'USD prices of BTC, ETH, SOL, USDT and USDC',
  response: PriceDataResponse,
  errors: [...STANDARD_ERROR_STATUSES, 503],
});

export const priceQuote = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/prices/quote',
  auth: 'none',
  tags: ['prices'],
  summary: 'How much of each currency a USD amount is worth',
  query: QuoteQuery,
  response: PriceQuoteResponse,
  errors: [...STANDARD_ERROR_STATUSES, 503],
});
