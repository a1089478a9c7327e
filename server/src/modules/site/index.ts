/** The public site: launch config, robots, sitemap, and each page's head tags. Other code imports this module only through this file. */
export { createPageRenderer } from './html.js';
export { inlineScriptHashes, readPrerenderedPages, readRoutePreloads } from './preload.js';
export { publicConfigOf, siteRoutes } from './routes.js';
