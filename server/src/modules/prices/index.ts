/** Coin prices: the feed, its cache, and the public price routes. Other code imports this module only through this file. */
export { createPriceProvider, type PriceProvider } from './provider.js';
export { pricesRoutes } from './routes.js';
