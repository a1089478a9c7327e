import Phaser from 'phaser';
import { TILES } from '@gogo/shared/rules';
import { tileIconKey, tileIconUrl } from '../assets';
import { BOARD_COLORS } from '../palette';

/** Raster size of the tile icons: crisp at the largest board on a 2x screen. */
const ICON_RASTER = 128;

/** Loads the board art (SVG icons rasterised by Phaser) and the particle textures, then starts the board. */
export class BootScene extends Phaser.Scene {
  constructor() {
    super('Boot');
  }

  preload(): void {
    const seen = new Set<string>();
    for (const tile of TILES) {
      if (seen.has(tile.icon)) continue;
      seen.add(tile.icon);
      this.load.svg(tileIconKey(tile.icon), tileIconUrl(tile.icon), { width: ICON_RASTER, height: ICON_RASTER });
    }
    // A missing icon must not stop the game: the tile draws a coloured disc instead.
    this.load.on(Phaser.Loader.Events.FILE_LOAD_ERROR, (file: Phaser.Loader.File) => {
      console.warn(`Board art failed to load: ${file.key}`);
    });
  }

  create(): void {
    const g = this.make.graphics({}, false);
    g.fillStyle(0xffffff, 1);
    g.fillCircle(8, 8, 8);
    g.generateTexture('spark', 16, 16);
    g.clear();
    g.fillStyle(BOARD_COLORS.goldDark, 1);
    g.fillCircle(10, 11, 9);
    g.fillStyle(BOARD_COLORS.gold, 1);
    g.fillCircle(10, 10, 9);
    g.fillStyle(BOARD_COLORS.goldLight, 1);
    g.fillCircle(8, 8, 3);
    g.generateTexture('coin', 20, 21);
    g.destroy();
    this.scene.start('Board');
  }
}
