import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PublicConfigResponse, type PublicConfig } from '@gogo/shared/api';
import type { SiteConfig } from '../../config.js';

/** GOGO are off-chain credits that are not traded: their current market price is zero. */
export const CURRENT_PRICE_USD = 0;

export function publicConfigOf(site: SiteConfig, publicUrl: string): PublicConfig {
  return {
    launchAt: site.launchAt,
    launchPriceUsd: site.launchPriceUsd,
    currentPriceUsd: CURRENT_PRICE_USD,
    supportEmail: site.supportEmail,
    publicUrl,
  };
}

/** The public site settings: token launch announcement and support address (no auth). */
export async function siteRoutes(appBase: FastifyInstance, opts: { site: SiteConfig; publicUrl: string }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const data = publicConfigOf(opts.site, opts.publicUrl);
  app.get(
    '/api/public/config',
    {
      schema: {
        tags: ['site'],
        summary: 'Public site settings: token launch date and price, current price, support email, public URL',
        response: { 200: PublicConfigResponse },
      },
    },
    async (_request, reply) => {
      // Settings change only with a restart: a short shared cache spares repeated requests.
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data };
    },
  );
}
