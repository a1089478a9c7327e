// First: the screen's frame and shared rules come before its parts' own styles (components/*.css).
import './GamePage.css';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { GameStateDto, RollResult } from '@gogo/shared/api';
import { ROLL_COOLDOWN_MS } from '@gogo/shared/rules';
import { gameScreenText } from '@gogo/shared/messages/game';
import { createGameBus, type MotionOptions } from '../../game/bus';
import { PhaserGame } from '../../game/PhaserGame';
import { preloadTileSheet } from '../../game/tileSheet';
import { signedGogo } from '../../game/rollPlan';
import { paths } from '../../app/paths';
import { EventsHubSlot } from '../../app/slots';
import { useSession } from '../../lib/session';
import { settingsStore, useReducedMotion, useSettings } from '../../lib/settings';
import { sound } from '../../lib/sound';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { logout } from '../../session/authApi';
import { gameKeys } from './api/keys';
import { useGameState } from './api/gameState';
import { useDiceBalance } from './api/diceBalance';
import { rollEffects, type RollEffects } from './outcome';
import { useRollController } from './useRollController';
import { useConnection } from './useConnection';
import { isModalCelebration, useCelebrations } from './useCelebrations';
import { useDailyLogin, useWindowOpeners } from './useScreenEvents';
import { useBoardBridge } from './useBoardBridge';
import { useDiceArrivals } from './useDiceArrivals';
import { useCelebrationFeedback } from './useCelebrationFeedback';
import { COMPACT_QUERY, LANDSCAPE_PHONE_QUERY, TOUCH_QUERY } from './media';
import { buzz } from './haptics';
import { recordLocalResult } from './localLeaderboard';
import { GameHeader } from './components/GameHeader';
import { BoardStats } from './components/BoardStats';
import { GoalsBar } from './components/GoalsBar';
import { RollControls } from './components/RollControls';
import { SidePanel } from './components/SidePanel';
import { TileDetails } from './components/TileDetails';
import { CelebrationLayer } from './components/CelebrationLayer';
import { CoachMarks, type CoachStep } from './components/CoachMarks';
import { Toasts, useGameToasts } from './components/Toasts';
import { GameDialogs, type DialogName } from './components/GameDialogs';
import { MobileGameBar } from './components/MobileGameBar';
import { OfflineBanner, OrientationBanner } from './components/Banners';
import { BuildButton } from './board/BuildButton';
import { BuildSheet } from './board/BuildSheet';
import { diceRewardToasts } from './board/diceRewards';

export { OPEN_LEADERBOARD_EVENT, OPEN_SETTINGS_EVENT } from './useScreenEvents';

// The board art downloads and is rasterised with this screen, not when the engine asks for it
// (game/tileSheet.ts); opened straight on /game, the router has started it and the engine already.
if (typeof document !== 'undefined') void preloadTileSheet();

const AUTO_ROLL_DELAY_MS = Math.max(ROLL_COOLDOWN_MS, 900);
/** Dice an admin approves reach an open game screen within this time (and at once on refocus). */
const DICE_POLL_MS = 30_000;

const text = gameScreenText;

const COACH_STEPS: CoachStep[] = [
  { target: '.board-overlay__die', ...text.coach.die, placement: 'side' },
  { target: '[data-coach="balance"]', ...text.coach.balance },
  { target: '[data-coach="daily"]', ...text.coach.daily },
];

/**
 * The /game screen. React owns the data (react-query per endpoint) and hands outcomes to the Phaser
 * board through the bus; the board animates and reports back. Nothing of value is computed here.
 *
 * Test hooks (read-only): the board frame carries data-token-position (the tile the board shows the
 * token on, updated at every step), data-scene ('loading' or 'ready'), data-roll-phase ('idle',
 * 'requesting', 'animating'), data-die-settled (the roll id whose die has stopped) and
 * data-celebration (the kind of celebration showing, or 'none'); the page carries data-daily-login
 * ('pending', 'counted', 'already' or 'failed': today's login, toast included once 'counted').
 */
export default function GamePage() {
  const { user } = useSession();
  const username = user?.username ?? 'Player';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const reducedMotion = useReducedMotion();
  const isCompact = useMediaQuery(COMPACT_QUERY);
  const isLandscape = useMediaQuery(LANDSCAPE_PHONE_QUERY);
  const isTouch = useMediaQuery(TOUCH_QUERY);
  const panelId = useId();

  const [bus] = useState(createGameBus);
  const motion = useMemo<MotionOptions>(
    () => ({
      animations: settings.display.animations && !reducedMotion,
      particles: settings.display.particleEffects && !reducedMotion,
    }),
    [settings.display.animations, settings.display.particleEffects, reducedMotion],
  );
  const haptics = motion.animations;

  const stateQuery = useGameState();
  const diceQuery = useDiceBalance(DICE_POLL_MS);
  const state: GameStateDto | undefined = stateQuery.data;

  const onBackOnline = useCallback(() => {
    for (const queryKey of gameKeys.screen) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
  const { online, reportError } = useConnection(onBackOnline);

  const { toasts, push: pushToast, dismiss: dismissToast } = useGameToasts();
  const celebrations = useCelebrations();
  const { current: celebration, enqueue } = celebrations;
  const [sceneReady, setSceneReady] = useState(false);
  const [engineFailed, setEngineFailed] = useState(false);
  const [selectedTile, setSelectedTile] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [statsOpen, setStatsOpen] = useState(false);
  const [buildOpen, setBuildOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const frameRef = useRef<HTMLDivElement>(null);
  const pendingEffects = useRef<RollEffects | null>(null);
  const rollAfterClose = useRef(false);
  const autoArmed = useRef(false);

  const modalOpen = dialog !== null || confirmOpen || buildOpen || isModalCelebration(celebration);
  const rollsRemaining = state?.diceRollsRemaining ?? null;

  const onFinished = useCallback(
    (result: RollResult) => {
      const effects =
        pendingEffects.current?.reward.rollId === result.rollId ? pendingEffects.current : rollEffects(result);
      pendingEffects.current = null;
      queryClient.setQueryData(gameKeys.state(), result.state);
      void queryClient.invalidateQueries({ queryKey: gameKeys.diceBalance() });
      recordLocalResult(result.state, username);
      setNow(Date.now());
      // The coins have reached the balance: it counts up now (BoardStats).
      if (result.reward > 0) sound.play('coin');
      enqueue(effects.celebrations);
      for (const toast of diceRewardToasts(result)) pushToast(toast);
      autoArmed.current = settingsStore.get().gameplay.autoRoll;
    },
    [queryClient, username, enqueue, pushToast],
  );

  const controller = useRollController({
    bus,
    rollsRemaining,
    online,
    sceneReady,
    inputAllowed: !modalOpen,
    motion,
    reportError,
    onStart: () => {
      sound.play('roll');
      buzz('roll', haptics);
      // A new roll sweeps the last light card away: the board tells the next story.
      if (celebration && !isModalCelebration(celebration)) celebrations.close(celebration.id);
    },
    onResult: (result) => {
      pendingEffects.current = rollEffects(result);
      // The roll is spent as soon as the server says so; the rest shows when the board gets there.
      queryClient.setQueryData<GameStateDto>(gameKeys.state(), (old) =>
        old ? { ...old, diceRollsRemaining: result.state.diceRollsRemaining } : old,
      );
    },
    onFinished,
    onFailure: (message) => pushToast({ kind: 'error', title: text.rollFailed, body: message }),
  });

  // ── Sound: configured live, silent until the first gesture ───────────────
  useEffect(() => sound.arm(), []);
  useEffect(() => {
    sound.configure({ enabled: settings.sound.enabled, volume: settings.sound.volume });
  }, [settings.sound.enabled, settings.sound.volume]);

  const openSettings = useCallback(() => setDialog('settings'), []);
  const openLeaderboard = useCallback(() => setDialog('leaderboard'), []);
  useWindowOpeners(openSettings, openLeaderboard);
  const dailyLogin = useDailyLogin(user ? String(user.id) : null, queryClient, pushToast, reportError);

  useDiceArrivals(user?.id, diceQuery.data?.totalDiceRollsPurchased, diceQuery.refetch, queryClient, enqueue);

  useEffect(() => {
    if (stateQuery.error) reportError(stateQuery.error);
  }, [stateQuery.error, reportError]);

  const position = state?.position ?? null;
  const lastDie = state?.lastRollResult?.die1 ?? null;
  const onSceneReady = useCallback(() => setSceneReady(true), []);
  useBoardBridge({
    bus,
    frameRef,
    pendingEffects,
    sceneReady,
    modalOpen,
    online,
    rollsRemaining,
    phase: controller.phase,
    position,
    lastDie,
    motion,
    onSceneReady,
    onTileSelected: setSelectedTile,
  });

  // Roll again from the jackpot modal once it has closed (the controller refuses while a dialog is open).
  useEffect(() => {
    if (!modalOpen && rollAfterClose.current) {
      rollAfterClose.current = false;
      controller.requestRoll('button');
    }
  });

  useCelebrationFeedback(celebration, motion.particles, haptics);

  // Auto roll: after a roll, the next one follows as soon as the board is idle, no modal covers it
  // or waits behind the result card (an achievement pauses the chain until it is closed) and rolls
  // are left.
  const autoRoll = settings.gameplay.autoRoll;
  const { requestRoll, phase } = controller;
  const modalPending = celebrations.modalPending;
  useEffect(() => {
    if (!autoRoll || !autoArmed.current) return;
    if (modalOpen || modalPending || phase !== 'idle' || !online || (rollsRemaining ?? 0) < 1) return;
    const timer = setTimeout(() => {
      autoArmed.current = false;
      requestRoll('auto');
    }, AUTO_ROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoRoll, modalOpen, modalPending, phase, online, rollsRemaining, requestRoll]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const onLogout = () => void logout().then(() => navigate(paths.home));
  const endTutorial = useCallback(
    () => settingsStore.update((s) => ({ ...s, gameplay: { ...s.gameplay, showTutorial: false } })),
    [],
  );
  const showBalance = settings.wallet.showBalance;
  // Keyboard hints only where there is a keyboard-and-pointer: never "press Space" on a touch screen.
  const hint = isTouch ? text.hintTouch : text.hintPointer;
  const controls = (
    <RollControls
      rollsRemaining={rollsRemaining}
      phase={controller.phase}
      notice={controller.notice}
      online={online}
      ready={sceneReady}
      hint={hint}
      variant={isCompact ? 'dock' : 'overlay'}
      onRoll={() => controller.requestRoll('button')}
      onOpenDaily={() => setDialog('daily')}
    />
  );
  const lightCelebration = celebration && !isModalCelebration(celebration) ? celebration : null;
  const pageClass = ['game-page', isCompact ? 'is-compact' : '', isLandscape ? 'is-landscape' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={pageClass} data-daily-login={dailyLogin}>
      <GameHeader
        username={username}
        level={state?.level ?? null}
        onOpenSettings={openSettings}
        onOpenLeaderboard={openLeaderboard}
        onOpenFairness={() => setDialog('fairness')}
        onLogout={onLogout}
        extra={<EventsHubSlot />}
      />
      {online ? null : <OfflineBanner />}
      <OrientationBanner />

      <main className="game-main">
        <section className="board-area" aria-label={text.boardLabel}>
          <GoalsBar state={state} />
          <div
            className="board-frame"
            ref={frameRef}
            data-scene={sceneReady ? 'ready' : 'loading'}
            data-roll-phase={controller.phase}
            data-celebration={celebration?.kind ?? 'none'}
          >
            <PhaserGame
              className="board-canvas"
              bus={bus}
              initial={{ position: position ?? 0, lastDie }}
              motion={motion}
              onLoadError={() => setEngineFailed(true)}
            />
            <div className="board-overlay">
              <BoardStats
                balance={state?.balance ?? null}
                rollsRemaining={rollsRemaining}
                showBalance={showBalance}
                animate={motion.animations}
              />
              <BuildButton board={state?.board} onOpen={() => setBuildOpen(true)} />
              <div className="board-overlay__die" aria-hidden="true" />
              {isCompact ? null : controls}
            </div>
            <CelebrationLayer
              current={lightCelebration}
              waiting={celebrations.waiting}
              canRollAgain={false}
              onClose={celebrations.close}
              onRollAgain={celebrations.close}
            />
            {sceneReady ? null : (
              <div className="board-loading" role="status">
                <span className="spinner" aria-hidden="true" />
                {engineFailed ? text.boardLoadFailed : text.boardLoading}
              </div>
            )}
          </div>
          {isCompact ? (
            <div className="play-column">
              <div className="tile-strip" aria-live="polite">
                <TileDetails tileId={selectedTile} tokenPosition={position} compact />
              </div>
              {controls}
            </div>
          ) : null}
        </section>

        <div className={statsOpen ? 'side-column is-open' : 'side-column'}>
          <SidePanel
            id={panelId}
            state={state}
            dice={diceQuery.data}
            username={username}
            showBalance={showBalance}
            selectedTile={selectedTile}
            tokenPosition={position}
            now={now}
            onOpenFairness={() => setDialog('fairness')}
            onOpenLeaderboard={openLeaderboard}
          />
        </div>
      </main>

      {isCompact ? (
        <MobileGameBar
          statsOpen={statsOpen}
          panelId={panelId}
          onToggleStats={() => setStatsOpen((open) => !open)}
          onOpenSettings={openSettings}
          onOpenLeaderboard={openLeaderboard}
        />
      ) : null}

      {/* Toasts never sit on top of a modal, and phones show one at a time. */}
      <Toasts toasts={modalOpen ? [] : isCompact ? toasts.slice(-1) : toasts} onDismiss={dismissToast} />
      {settings.gameplay.showTutorial && sceneReady ? <CoachMarks steps={COACH_STEPS} onDone={endTutorial} /> : null}

      <CelebrationLayer
        current={lightCelebration ? null : celebration}
        waiting={celebrations.waiting}
        canRollAgain={online && (rollsRemaining ?? 0) > 0}
        onClose={celebrations.close}
        onRollAgain={(id) => {
          rollAfterClose.current = true;
          celebrations.close(id);
        }}
      />

      {buildOpen && state ? (
        <BuildSheet
          board={state.board}
          balance={state.balance}
          selectedTile={selectedTile}
          onClose={() => setBuildOpen(false)}
        />
      ) : null}
      <GameDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        loginStreak={state?.dailyLoginData.consecutiveDays ?? null}
        onConfirmChange={setConfirmOpen}
        onClaimed={(rolls, days) =>
          pushToast({
            kind: 'daily',
            title: text.toasts.diceClaimed(rolls),
            body: text.toasts.diceStreak(days),
          })
        }
      />
      {/* Balance changes are announced for screen readers when a roll has been shown. */}
      <p className="visually-hidden" aria-live="polite">
        {celebration && 'reward' in celebration
          ? `${celebration.reward.tileName}: ${signedGogo(celebration.reward.amount)}`
          : ''}
      </p>
    </div>
  );
}
