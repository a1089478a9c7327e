import type { ReactNode } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import { PhaserGame } from '../../../game/PhaserGame';
import { celebrationKind } from '../useCelebrations';
import { BoardStats } from '../components/BoardStats';
import { BuildButton } from '../board/BuildButton';
import type { GameScreen } from './useGameScreen';

const text = gameScreenText;

/**
 * The board's frame: the Phaser canvas, the overlay on it (balance and dice, the die's place, the
 * roll controls off a phone, the Build button on one), the light celebration cards and the loading
 * state. Its data-* attributes are the screen's test hooks (GamePage.tsx lists them).
 */
export function BoardFrame({
  screen,
  controls,
  cards,
}: {
  screen: GameScreen;
  controls: ReactNode;
  /** The light celebration cards, shown on the board. */
  cards: ReactNode;
}) {
  const { state, motion, rollState, celebrations, impact, position, lastDie, look, scene, rollsRemaining } = screen;
  const { current: celebration } = celebrations;
  const isCompact = screen.layout.isCompact;
  return (
    <div
      className={impact === 'loss' ? 'board-frame is-loss' : 'board-frame'}
      ref={screen.frameRef}
      data-scene={scene.ready ? 'ready' : 'loading'}
      data-roll-phase={rollState.phase}
      data-roll-answered={rollState.result?.rollId ?? ''}
      data-celebration={celebrationKind(celebration)}
    >
      <PhaserGame
        className="board-canvas"
        bus={screen.bus}
        initial={{ position: position ?? 0, lastDie }}
        motion={motion}
        look={look}
        onLoadError={() => scene.setFailed(true)}
      />
      <div className="board-overlay">
        <BoardStats
          balance={state?.balance ?? null}
          rollsRemaining={rollsRemaining}
          refill={screen.loop.refill}
          showBalance={screen.settings.wallet.showBalance}
          animate={motion.animations}
        />
        <div className="board-overlay__die" aria-hidden="true" />
        {isCompact ? null : controls}
        {/* On a phone the centre's last row is free (the controls sit in the dock). */}
        {isCompact ? (
          <BuildButton board={state?.board} balance={state?.balance ?? null} onOpen={() => screen.setBuildOpen(true)} />
        ) : null}
      </div>
      {cards}
      {scene.ready ? null : (
        <div className="board-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {scene.failed ? text.boardLoadFailed : text.boardLoading}
        </div>
      )}
    </div>
  );
}
