/** Provably fair seeds: the drawer, seed rotation, verification. Other code imports this module only through this file. */
export { createNodeDrawer } from './drawer.js';
export { fairnessRoutes } from './routes.js';
export { createSeedSource } from './seeds.js';
export { createFairnessService, type FairnessService } from './service.js';
export { rollsServed } from './repo.js';
