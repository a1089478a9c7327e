import Phaser from 'phaser';
import { TILES } from '@gogo/shared/rules';
import { TILE_SHEET_COLUMNS, TILE_SHEET_KEY, TILE_SHEET_URL, tileSheetIndex } from '../assets';
import { BOARD_COLORS } from '../palette';
import { ICON_RASTER } from '../tileSheet';

/**
 * Puts the board art in place (the tile sheet rasterised ahead, tileSheet.ts, or loaded here when that
 * failed) and the particle textures, then starts the board.
 */
export class BootScene extends Phaser.Scene {
  private readonly tileSheet: HTMLCanvasElement | null;

  constructor(tileSheet: HTMLCanvasElement | null = null) {
    super('Boot');
    this.tileSheet = tileSheet;
  }

  preload(): void {
    if (this.tileSheet) {
      this.textures.addCanvas(TILE_SHEET_KEY, this.tileSheet);
      return;
    }
    const icons = new Set(TILES.map((tile) => tile.icon));
    const rows = Math.ceil(icons.size / TILE_SHEET_COLUMNS);
    // One request and one rasterisation for all twenty icons.
    this.load.svg(TILE_SHEET_KEY, TILE_SHEET_URL, {
      width: TILE_SHEET_COLUMNS * ICON_RASTER,
      height: rows * ICON_RASTER,
    });
    // A missing icon must not stop the game: the tile draws a coloured disc instead.
    this.load.on(Phaser.Loader.Events.FILE_LOAD_ERROR, (file: Phaser.Loader.File) => {
      console.warn(`Board art failed to load: ${file.key}`);
    });
  }

  create(): void {
    if (this.textures.exists(TILE_SHEET_KEY)) {
      const sheet = this.textures.get(TILE_SHEET_KEY);
      const icons = TILES.map((tile) => tile.icon);
      for (const icon of new Set(icons)) {
        const index = tileSheetIndex(icons, icon);
        const x = (index % TILE_SHEET_COLUMNS) * ICON_RASTER;
        const y = Math.floor(index / TILE_SHEET_COLUMNS) * ICON_RASTER;
        sheet.add(icon, 0, x, y, ICON_RASTER, ICON_RASTER);
      }
    }
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
