import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MoneyErrorCode } from '@gogo/shared/api';
import { endpoints } from '@gogo/shared/api/endpoints';
import { CRYPTO_TYPES, cryptoForUsd, priceKeyOf, type PricesUsd } from '@gogo/shared/rules';
import { moneyText } from '@gogo/shared/messages';
import { AppError } from '../../lib/errors.js';
import type { PriceProvider, PriceSnapshot } from './provider.js';
import { route } from '../../lib/route.js';

const unavailable = () => new AppError(503, MoneyErrorCode.PRICES_UNAVAILABLE, moneyText.pricesUnavailable);

/** Public price data (no token needed: prices are not personal). */
export async function pricesRoutes(appBase: FastifyInstance, opts: { prices: PriceProvider }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();

  async function snapshot(): Promise<PriceSnapshot> {
    const s = await opts.prices.latest();
    if (!s) throw unavailable();
    return s;
  }

  route(app, endpoints.prices.latestPrices, {
    handler: async () => {
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
  });

  route(app, endpoints.prices.priceQuote, {
    handler: async (request) => {
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
  });
}
