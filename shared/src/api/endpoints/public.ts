import { endpoint } from '../endpoint.js';
import { PublicStatsResponse } from '../public-stats.js';
import { PublicConfigResponse } from '../site.js';

// The no-auth routes the landing page reads. Keep this module small: the landing bundle imports it.

export const publicStats = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/public/stats',
  auth: 'none',
  tags: ['public'],
  summary: 'Landing page figures: players, online, GOGO distributed, rolls today, top 5 (no auth)',
  description: 'Real figures, recomputed at most every 10 seconds.',
  response: PublicStatsResponse,
});

export const publicConfig = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/public/config',
  auth: 'none',
  tags: ['site'],
  summary: 'Public site settings: token launch date and price, current price, support email, public URL',
  response: PublicConfigResponse,
  errors: [],
});
