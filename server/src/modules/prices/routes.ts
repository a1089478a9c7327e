import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  MoneyErrorCode,
  PriceDataResponse,
  PriceQuoteResponse,
  QuoteQuery,
  errorResponses,
} from '@gogo/shared/api';
import { CRYPTO_TYPES, cryptoForUsd, priceKeyOf, type PricesUsd } from '@gogo/shared/rules';
import { moneyText } from '@gogo/shared/messages';
import { AppError } from '../../lib/errors.js';
import type { PriceProvider, PriceSnapshot } from './provider.js';

const unavailable = () => new AppError(503, MoneyErrorCode.PRICES_UNAVAILABLE, moneyText.pricesUnavailable);

/** Public price data (no token needed: prices are not personal). */
export async function pricesRoutes(appBase: FastifyInstance, opts: { prices: PriceProvider }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['prices'];
  const responses = { ...errorResponses, 503: ErrorBody };

  async function snapshot(): Promise<PriceSnapshot> {
    const s = await opts.prices.latest();
    if (!s) throw unavailable();
    return s;
  }

  app.get(
    '/api/prices/latest',
    {
      schema: {
        tags,
        summary: 'USD prices of BTC, ETH, SOL, USDT and USDC',
        response: { 200: PriceDataResponse, ...responses },
      },
    },
    async () => {
      const s = await snapshot();
      return {
        success: true as const,
        data: {
          pricesUsd: s.pricesUsd,
          updatedAt: new Date(s.updatedAt).toISOString(),
          source: s.source,
          stale: s.stale,
        },
      };
    },
  );

  app.get(
    '/api/prices/quote',
    {
      schema: {
        tags,
        summary: 'How much of each currency a USD amount is worth',
        querystring: QuoteQuery,
        response: { 200: PriceQuoteResponse, ...responses },
      },
    },
    async (request) => {
      const s = await snapshot();
      const usd = request.query.usd;
      const quote = {} as PricesUsd;
      for (const crypto of CRYPTO_TYPES) {
        const key = priceKeyOf(crypto);
        const amount = cryptoForUsd(usd, s.pricesUsd[key], crypto);
        if (amount === null) throw unavailable();
        quote[key] = amount;
      }
      return {
        success: true as const,
        data: { usd, quote, pricesUsd: s.pricesUsd, updatedAt: new Date(s.updatedAt).toISOString() },
      };
    },
  );
}
