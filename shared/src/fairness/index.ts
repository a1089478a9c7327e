export * from './seeds.js';
export * from './stream.js';
export * from './draw.js';
export * from './drawer.js';
export * from './verify.js';
