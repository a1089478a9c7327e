import type Phaser from 'phaser';
import { TILES } from '@gogo/shared/rules';
import type { TileRect } from '../layout';
import type { BoardLook } from '../look';
import type { RollAnimationPlan } from '../rollPlan';
import { makeTileView, textResolution } from './BoardSurface';
import { makeFloatLabel, type FloatLabel } from './effects';
import type { TileView } from './TileView';

/** What a landing shows that was made ahead: the tile's copy that pops out and the rising amount. */
export interface LandingPieces {
  pop: TileView | null;
  label: FloatLabel | null;
}

/**
 * The costly part of a landing, made with the server's answer while the die tumbles: a Text is
 * rasterised when it is made (the tile copy's names, the amount), and the landing's frame already
 * holds the tile's pop, the coins and the start of React's reward card. The landing only shows and
 * tweens them. Pieces made for one roll serve that roll only; anything else drops them.
 */
export class PreparedLanding {
  private made: (LandingPieces & { rollId: number }) | null = null;

  prepare(scene: Phaser.Scene, plan: RollAnimationPlan, rect: TileRect | undefined, look: BoardLook): void {
    this.drop();
    if (!rect) return;
    const pop = makeTileView(scene, rect, look, textResolution(scene.cameras.main.zoom));
    // A chance tile turns a card over instead of raising the amount.
    const chance = TILES[rect.id]?.type === 'CHANCE';
    this.made = { rollId: plan.rollId, pop, label: chance ? null : makeFloatLabel(scene, plan, rect.cx, rect.cy) };
  }

  /** The pieces made for this roll (empty when they were made for another or not at all). */
  take(rollId: number): LandingPieces {
    const made = this.made?.rollId === rollId ? this.made : null;
    if (made) this.made = null;
    else this.drop();
    return { pop: made?.pop ?? null, label: made?.label ?? null };
  }

  drop(): void {
    this.made?.pop?.destroy();
    this.made?.label?.label.destroy();
    this.made = null;
  }
}
