import type { ReactNode } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import { signedGogo } from '../../../game/rollPlan';
import { Toasts } from '../components/Toasts';
import { GameDialogs } from '../components/GameDialogs';
import { BuildSheet } from '../board/BuildSheet';
import { BoardComplete } from '../board/BoardComplete';
import type { GameScreen } from './useGameScreen';

const text = gameScreenText;

/**
 * What lies over the /game screen: toasts, the tour, the celebrations that need the player, the Build
 * sheet, the finished board, the dialogs, and the spoken balance change.
 */
export function ScreenLayers({
  screen,
  coach,
  modalCards,
}: {
  screen: GameScreen;
  /** The quick tour's coach marks. */
  coach: ReactNode;
  /** The celebration cards that need the player. */
  modalCards: ReactNode;
}) {
  const { state, motion, toasts, modalOpen } = screen;
  const { current: celebration } = screen.celebrations;
  return (
    <>
      {/* Toasts never sit on top of a modal, and phones show one at a time. */}
      <Toasts
        toasts={modalOpen ? [] : screen.layout.isCompact ? toasts.toasts.slice(-1) : toasts.toasts}
        onDismiss={toasts.dismiss}
      />
      {coach}

      {modalCards}

      {screen.buildOpen && state ? (
        <BuildSheet
          board={state.board}
          balance={state.balance}
          selectedTile={screen.selectedTile}
          onClose={() => screen.setBuildOpen(false)}
          onCompleted={screen.setCompletion}
        />
      ) : null}
      {screen.completion ? (
        <BoardComplete
          completion={screen.completion}
          animate={motion.animations}
          particles={motion.particles}
          onClose={() => screen.setCompletion(null)}
        />
      ) : null}
      <GameDialogs
        dialog={screen.dialog}
        onClose={() => screen.setDialog(null)}
        loginStreak={state?.dailyLoginData.consecutiveDays ?? null}
        onConfirmChange={screen.setConfirmOpen}
        onClaimed={(rolls, days) =>
          toasts.push({
            kind: 'daily',
            title: text.toasts.diceClaimed(rolls),
            body: text.toasts.diceStreak(days),
          })
        }
      />
      {/* Balance changes are announced for screen readers when a roll has been shown. */}
      <p className="visually-hidden" aria-live="polite">
        {celebration?.kind === 'summary'
          ? `${celebration.summary.reward.tileName}: ${signedGogo(celebration.summary.reward.amount)}`
          : ''}
      </p>
    </>
  );
}
