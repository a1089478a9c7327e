import { Type } from 'typebox';
import { endpoint } from '../endpoint.js';

// Crawler files of the public site.

export const robotsTxt = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/robots.txt',
  auth: 'none',
  tags: ['site'],
  summary: 'Crawler rules: public pages allowed, private screens and the API not; the sitemap address',
  response: Type.String({ description: 'robots.txt' }),
  produces: ['text/plain'],
  errors: [],
});

export const sitemapXml = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/sitemap.xml',
  auth: 'none',
  tags: ['site'],
  summary: 'Sitemap of the public pages, with canonical URLs from PUBLIC_URL',
  response: Type.String({ description: 'sitemap.xml' }),
  produces: ['application/xml'],
  errors: [],
});
