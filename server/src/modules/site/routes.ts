import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type PublicConfig } from '@gogo/shared/api';
import { endpoints } from '@gogo/shared/api/endpoints';
import { absoluteUrl, escapeHtml, publicPages } from '@gogo/shared/messages';
import type { SiteConfig } from '../../settings/index.js';
import { route } from '../../lib/route.js';

/** GOGO are off-chain credits that are not traded: their current market price is zero. */
export const CURRENT_PRICE_USD = 0;

export function publicConfigOf(site: SiteConfig, publicUrl: string): PublicConfig {
  return {
    launchAt: site.launchAt,
    launchPriceUsd: site.launchPriceUsd,
    currentPriceUsd: CURRENT_PRICE_USD,
    redemptionPriceUsd: site.redemptionPriceUsd ?? site.launchPriceUsd,
    supportEmail: site.supportEmail,
    publicUrl,
  };
}

/** robots.txt: crawl the public pages, not the private screens; where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /game',
    'Disallow: /profile',
    'Disallow: /login',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** sitemap.xml: every public page, from the same table as the page metadata. */
export function sitemapXml(publicUrl: string): string {
  const urls = Object.values(publicPages)
    .map((p) => `  <url><loc>${escapeHtml(absoluteUrl(publicUrl, p.path))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The public site settings: token launch announcement and support address (no auth). */
export async function siteRoutes(appBase: FastifyInstance, opts: { site: SiteConfig; publicUrl: string }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const data = publicConfigOf(opts.site, opts.publicUrl);
  route(app, endpoints.public.publicConfig, {
    handler: async (_request, reply) => {
      // Settings change only with a restart: a short shared cache spares repeated requests.
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data };
    },
  });

  const robots = robotsTxt(opts.publicUrl);
  route(app, endpoints.site.robotsTxt, {
    handler: async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  });

  const sitemap = sitemapXml(opts.publicUrl);
  route(app, endpoints.site.sitemapXml, {
    handler: async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(sitemap),
  });
}
