// First: the screen's frame and shared rules come before its parts' own styles (components/*.css).
import './GamePage.css';
import { gameScreenText } from '@gogo/shared/messages/game';
import { preloadTileSheet } from '../../game/tileSheet';
import { EventsHubSlot, LiveNowSlot } from '../../lib/slots';
import { isModalCelebration } from './useCelebrations';
// Each part imports its own styles, and a part's styles enter the screen's stylesheet where its module
// is first imported: the order below keeps the parts' cascade (header, stats, goals, controls, side
// panel, tile, cards, tour, toasts, dialogs, bar, banners, build sheet, finished board).
import { GameHeader } from './components/GameHeader';
import { BoardFrame } from './screen/BoardFrame';
import { GoalsBar } from './components/GoalsBar';
import { RollControls } from './components/RollControls';
import { SidePanel } from './components/SidePanel';
import { TileDetails } from './components/TileDetails';
import { CelebrationLayer } from './components/CelebrationLayer';
import { CoachMarks } from './components/CoachMarks';
import { useGameScreen } from './screen/useGameScreen';
import { MobileGameBar } from './components/MobileGameBar';
import { OfflineBanner, OrientationBanner } from './components/Banners';
import { BuildButton } from './board/BuildButton';
import { NextGoal } from './board/NextGoal';
import { ScreenLayers } from './screen/ScreenLayers';

export { OPEN_LEADERBOARD_EVENT, OPEN_SETTINGS_EVENT } from './useScreenEvents';

// The board art downloads and is rasterised with this screen, not when the engine asks for it
// (game/tileSheet.ts); opened straight on /game, the router has started it and the engine already.
if (typeof document !== 'undefined') void preloadTileSheet();

const text = gameScreenText;

/**
 * The /game screen's layout; what it holds is screen/useGameScreen.ts, the board's frame
 * screen/BoardFrame.tsx and what lies over the screen screen/ScreenLayers.tsx.
 *
 * Test hooks (read-only): the board frame carries data-token-position (the tile the board shows the
 * token on, updated at every step), data-scene ('loading' or 'ready'), data-roll-phase (the roll
 * machine's phase: 'idle', 'rolling', 'moving', 'rewarding', 'offline', 'error'), data-roll-answered
 * (the roll id the server answered, while it plays), data-die-settled (the roll id whose die has
 * stopped), data-celebration ('card', 'summary', 'jackpot', 'dice-arrived' or 'none') and data-board-look (the
 * look the canvas has drawn, game/look.ts lookKey: board number, art, scheme, property levels); the page carries data-daily-login
 * ('pending', 'counted', 'already' or 'failed': today's login, toast included once 'counted').
 */
export default function GamePage() {
  const screen = useGameScreen();
  const { state, settings, motion, rollState, impact, position, online, selectedTile, celebrations, tour } = screen;
  const celebration = celebrations.current;
  const lightCelebration = celebration && !isModalCelebration(celebration) ? celebration : null;
  const { isCompact, isLandscape, isTouch, panelId } = screen.layout;
  const showBalance = settings.wallet.showBalance;
  // Keyboard hints only where there is a keyboard-and-pointer: never "press Space" on a touch screen.
  const hint = isTouch ? text.hintTouch : text.hintPointer;
  const controls = (
    <RollControls
      rollsRemaining={screen.rollsRemaining}
      phase={rollState.phase}
      notice={rollState.notice}
      autoRoll={settings.gameplay.autoRoll}
      onAutoRoll={screen.setAutoRoll}
      online={online}
      ready={screen.scene.ready}
      hint={hint}
      variant={isCompact ? 'dock' : 'overlay'}
      onRoll={() => screen.tap('button')}
      onOpenDaily={() => screen.setDialog('daily')}
      multiplier={screen.loop.multiplier}
      outOfDice={screen.loop.offers}
    />
  );
  const pageClass = [
    'game-page',
    isCompact ? 'is-compact' : '',
    isLandscape ? 'is-landscape' : '',
    impact === 'jackpot' ? 'is-shaking' : '',
    impact === 'loss' ? 'is-losing' : '',
    motion.animations ? '' : 'is-still',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={pageClass} data-daily-login={screen.dailyLogin}>
      <GameHeader
        username={screen.user.username}
        level={state?.level ?? null}
        onOpenSettings={screen.openSettings}
        onOpenLeaderboard={screen.openLeaderboard}
        onOpenFairness={() => screen.setDialog('fairness')}
        onLogout={screen.onLogout}
        extra={<EventsHubSlot />}
      />
      {online ? null : <OfflineBanner />}
      <OrientationBanner />

      <main className="game-main">
        <section className="board-area" aria-label={text.boardLabel} data-theme={screen.look.board.theme}>
          <GoalsBar state={state} />
          <BoardFrame
            screen={screen}
            controls={controls}
            cards={
              <CelebrationLayer
                current={lightCelebration}
                canRollAgain={false}
                particles={motion.particles}
                animate={motion.animations}
                onClose={celebrations.close}
                onRollAgain={celebrations.close}
              />
            }
          />
          {isCompact ? (
            <div className="play-column">
              {/* The tile the player tapped, or else the one the pawn stands on: never an empty strip. */}
              <div className="tile-strip" aria-live="polite">
                <TileDetails tileId={selectedTile ?? position} tokenPosition={position} board={state?.board} />
              </div>
              <LiveNowSlot rolls={state?.totalRolls ?? null} />
              <NextGoal
                board={state?.board}
                balance={state?.balance ?? null}
                onOpen={(tileId) => {
                  screen.setSelectedTile(tileId);
                  screen.setBuildOpen(true);
                }}
              />
              {controls}
            </div>
          ) : null}
        </section>

        <div className={screen.statsOpen ? 'side-column is-open' : 'side-column'}>
          {isCompact ? null : (
            <BuildButton
              board={state?.board}
              balance={state?.balance ?? null}
              onOpen={() => screen.setBuildOpen(true)}
            />
          )}
          {isCompact ? null : <LiveNowSlot rolls={state?.totalRolls ?? null} />}
          <SidePanel
            id={panelId}
            state={state}
            dice={screen.dice}
            username={screen.user.username}
            showBalance={showBalance}
            selectedTile={selectedTile}
            tokenPosition={position}
            now={screen.now}
            onOpenFairness={() => screen.setDialog('fairness')}
            onOpenLeaderboard={screen.openLeaderboard}
          />
        </div>
      </main>

      {isCompact ? (
        <MobileGameBar
          statsOpen={screen.statsOpen}
          panelId={panelId}
          onToggleStats={() => screen.setStatsOpen((open) => !open)}
          onOpenSettings={screen.openSettings}
          onOpenLeaderboard={screen.openLeaderboard}
          profileBadge={screen.user.attention}
        />
      ) : null}

      <ScreenLayers
        screen={screen}
        coach={tour.mounted ? <CoachMarks steps={screen.tourSteps} hidden={tour.hidden} onDone={tour.end} /> : null}
        modalCards={
          <CelebrationLayer
            current={lightCelebration ? null : celebration}
            canRollAgain={online && (screen.rollsRemaining ?? 0) > 0 && celebrations.waiting === 0}
            particles={motion.particles}
            animate={motion.animations}
            onClose={celebrations.close}
            onRollAgain={(id) => {
              screen.setRollAfterClose(true);
              celebrations.close(id);
            }}
          />
        }
      />
    </div>
  );
}
