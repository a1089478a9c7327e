/**
 * Phaser's source modules (CommonJS, no types of their own), reached through the `phaser-src` alias of
 * client/vite.config.ts. Only engine/phaser.ts imports them; the board's code is typed by 'phaser'.
 */
declare module 'phaser-src/*' {
  const value: Record<string, unknown> & (new (...args: never[]) => unknown);
  export default value;
}
