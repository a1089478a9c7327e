// First: the screen's frame and shared rules come before its parts' own styles (components/*.css).
import './GamePage.css';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { GameStateDto, RollResult } from '@gogo/shared/api';
import { gameScreenText } from '@gogo/shared/messages/game';
import { createGameBus, type MotionOptions } from '../../game/bus';
import { PhaserGame } from '../../game/PhaserGame';
import { preloadTileSheet } from '../../game/tileSheet';
import { signedGogo, winTone } from '../../game/rollPlan';
import { paths } from '../../lib/paths';
import { EventsHubSlot, LiveNowSlot } from '../../lib/slots';
import { useSession } from '../../lib/session';
import { useProfileAttention } from '../../lib/attention';
import { settingsStore, useReducedMotion, useSettings } from '../../lib/settings';
import { sound } from '../../lib/sound';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { logout } from '../../session/authApi';
import { gameKeys } from './api/keys';
import { useGameState } from './api/gameState';
import { useDiceBalance } from './api/diceBalance';
import { rollEffects } from './outcome';
import { useRollMachine } from './roll/useRollMachine';
import { isRolling } from './roll/machine';
import { forgetPendingRoll, rememberPendingRoll, takePendingRoll } from './roll/pendingRoll';
import { useConnection } from './useConnection';
import { celebrationKind, isModalCelebration, useCelebrations } from './useCelebrations';
import { useDailyLogin, useWindowOpeners } from './useScreenEvents';
import { useBoardBridge } from './useBoardBridge';
import { useBoardLook } from './useBoardLook';
import { useDiceArrivals } from './useDiceArrivals';
import { useDiceLoop } from './useDiceLoop';
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
import { preloadHeldSummary } from './components/RollSummaryCard';
import { CoachMarks, type CoachStep } from './components/CoachMarks';
import { Toasts, useGameToasts } from './components/Toasts';
import { GameDialogs, preloadGameDialogs, type DialogName } from './components/GameDialogs';
import { MobileGameBar } from './components/MobileGameBar';
import { OfflineBanner, OrientationBanner } from './components/Banners';
import { BuildButton } from './board/BuildButton';
import { NextGoal } from './board/NextGoal';
import { buildGoal } from './board/goal';
import { BuildSheet } from './board/BuildSheet';
import { useTour } from './useTour';
import { BoardComplete, type BoardCompletion } from './board/BoardComplete';
import { diceRewardToasts } from './board/diceRewards';

export { OPEN_LEADERBOARD_EVENT, OPEN_SETTINGS_EVENT } from './useScreenEvents';

// The board art downloads and is rasterised with this screen, not when the engine asks for it
// (game/tileSheet.ts); opened straight on /game, the router has started it and the engine already.
if (typeof document !== 'undefined') void preloadTileSheet();

/** How long the screen shakes for a jackpot, and the board flashes red for a loss. */
const IMPACT_MS = 600;
/** Dice an admin approves reach an open game screen within this time (and at once on refocus). */
const DICE_POLL_MS = 30_000;

const text = gameScreenText;

const buildAction = (run: () => void) => ({ label: text.coach.openBuild, run });
/** The quick tour; its last step opens the Build sheet, and the first property bought ends it. */
const coachSteps = (openBuild: () => void): CoachStep[] => [
  { target: '.board-overlay__die', ...text.coach.die, placement: 'side' },
  { target: '[data-coach="balance"]', ...text.coach.balance },
  { target: '[data-coach="daily"]', ...text.coach.daily },
  // The phone's next-goal card where there is one, else the Build button.
  { target: '[data-testid="next-goal"], [data-coach="build"]', ...text.coach.build, action: buildAction(openBuild) },
];

/**
 * The /game screen. React owns the data (react-query per endpoint) and hands outcomes to the Phaser
 * board through the bus; the board animates and reports back. Nothing of value is computed here.
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
  const { user } = useSession();
  const attention = useProfileAttention(user?.id ?? null);
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
      fast: settings.gameplay.fastRolls,
    }),
    [settings.display.animations, settings.display.particleEffects, settings.gameplay.fastRolls, reducedMotion],
  );
  const haptics = motion.animations;

  const stateQuery = useGameState();
  const diceQuery = useDiceBalance(DICE_POLL_MS);
  const state: GameStateDto | undefined = stateQuery.data;

  const onBackOnline = useCallback(() => {
    for (const queryKey of gameKeys.screen) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
  const { online, reportError } = useConnection(onBackOnline);

  const { toasts, push: pushToast, dismiss: dismissToast, hold: holdToasts } = useGameToasts();
  const celebrations = useCelebrations();
  const { current: celebration, enqueue } = celebrations;
  const [sceneReady, setSceneReady] = useState(false);
  const [engineFailed, setEngineFailed] = useState(false);
  const [selectedTile, setSelectedTile] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [statsOpen, setStatsOpen] = useState(false);
  const [buildOpen, setBuildOpen] = useState(false);
  const [completion, setCompletion] = useState<BoardCompletion | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [impact, setImpact] = useState<'jackpot' | 'loss' | null>(null);
  const [rollAfterClose, setRollAfterClose] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  /** When the game state was last written by a roll's answer (TanStack's dataUpdatedAt). */
  const answerWrittenAt = useRef(0);

  const modalOpen =
    dialog !== null || confirmOpen || buildOpen || completion !== null || isModalCelebration(celebration);
  const rollsRemaining = state?.diceRollsRemaining ?? null;
  const userKey = user ? String(user.id) : '';

  /** What a roll brought, the moment the token lands (or after a reload that cut the roll short). */
  const showReward = useCallback(
    (result: RollResult, live: boolean) => {
      const effects = rollEffects(result);
      forgetPendingRoll();
      // The roll's state is as of its answer. Anything written since (a property bought or daily dice
      // claimed while the token moved) is newer than it: after showing the roll, ask the server again.
      const writtenSince = (queryClient.getQueryState(gameKeys.state())?.dataUpdatedAt ?? 0) > answerWrittenAt.current;
      queryClient.setQueryData(gameKeys.state(), result.state);
      if (live && writtenSince) void queryClient.invalidateQueries({ queryKey: gameKeys.state() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.diceBalance() });
      recordLocalResult(result.state, username);
      setNow(Date.now());
      if (live) {
        // The win sound rises in pitch and loudness with the amount; the coins fly into the balance,
        // which counts up and pops (BoardStats), more of them for more.
        const tone = result.reward > 0 ? winTone(result.reward) : undefined;
        if (effects.landingSound) sound.play(effects.landingSound, tone);
        if (result.reward > 0) sound.play('coin', tone);
        if (frameRef.current) frameRef.current.dataset.winTone = tone ? String(tone.rate) : '';
        const kind = result.isJackpot ? 'jackpot' : result.reward < 0 ? 'loss' : 'gain';
        buzz(kind, haptics);
        if (motion.animations && kind !== 'gain') setImpact(kind);
      }
      enqueue(effects.celebrations);
      for (const toast of diceRewardToasts(result)) pushToast(toast);
    },
    [queryClient, username, enqueue, pushToast, haptics, motion.animations],
  );

  const loop = useDiceLoop({ state, stateUpdatedAt: stateQuery.dataUpdatedAt, queryClient, pushToast });
  const roll = useRollMachine({
    bus,
    rollsRemaining,
    multiplier: loop.multiplier.effective,
    online,
    sceneReady,
    inputAllowed: !modalOpen,
    motion,
    autoRoll: settings.gameplay.autoRoll,
    held: celebrations.modalPending,
    reportError,
    onStart: () => {
      preloadHeldSummary();
      sound.play('roll');
      buzz('roll', haptics);
      // A new roll sweeps the last light card away: the board tells the next story.
      if (celebration && !isModalCelebration(celebration)) celebrations.close(celebration.id);
    },
    onAnswer: (result) => {
      rememberPendingRoll(userKey, result);
      // The roll is spent as soon as the server says so; the rest shows when the token lands.
      queryClient.setQueryData<GameStateDto>(gameKeys.state(), (old) =>
        old ? { ...old, diceRollsRemaining: result.state.diceRollsRemaining } : old,
      );
      answerWrittenAt.current = queryClient.getQueryState(gameKeys.state())?.dataUpdatedAt ?? 0;
    },
    onReward: (result) => showReward(result, true),
    onFailure: (message) => pushToast({ kind: 'error', title: text.rollFailed, body: message }),
  });
  const rollState = roll.state;
  const busy = isRolling(rollState) || rollState.phase === 'rewarding';

  // A reload while a roll was under way: show what it brought (the balance already has it).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !sceneReady || !state || !userKey) return;
    restored.current = true;
    const pending = takePendingRoll(userKey);
    if (pending) enqueue(rollEffects(pending).celebrations);
  }, [sceneReady, state, userKey, enqueue]);

  // The dialogs' chunk comes once the board is up, ahead of the first tap on one of them.
  useEffect(() => {
    if (sceneReady) preloadGameDialogs();
  }, [sceneReady]);

  useEffect(() => {
    if (!impact) return;
    const timer = setTimeout(() => setImpact(null), IMPACT_MS);
    return () => clearTimeout(timer);
  }, [impact]);

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
  const look = useBoardLook(state?.board);
  const target = state ? buildGoal(state.board.properties, state.balance) : null;
  const boardGoal = target ? { tileId: target.property.tileId, ready: target.ready } : null;
  useBoardBridge({
    bus,
    frameRef,
    sceneReady,
    modalOpen,
    online,
    rollsRemaining,
    busy,
    position,
    lastDie,
    motion,
    look,
    covered: isModalCelebration(celebration),
    goal: boardGoal,
    onSceneReady,
    onTileSelected: setSelectedTile,
  });

  // Roll again from the jackpot's card once it has closed (the machine refuses while a card covers the board).
  const { tap } = roll;
  useEffect(() => {
    if (!modalOpen && rollAfterClose) {
      setRollAfterClose(false);
      tap('button');
    }
  }, [modalOpen, rollAfterClose, tap]);

  useCelebrationFeedback(celebration, haptics);
  const setAutoRoll = useCallback(
    (on: boolean) => settingsStore.update((s) => ({ ...s, gameplay: { ...s.gameplay, autoRoll: on } })),
    [],
  );

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const onLogout = () => void logout().then(() => navigate(paths.home));
  const tour = useTour({
    userId: user?.id ?? null,
    sceneReady,
    modalOpen,
    ownsProperty: state?.board.properties.some((p) => p.level > 0) ?? false,
  });
  useEffect(() => holdToasts(tour.holding), [holdToasts, tour.holding]);
  const tourSteps = useMemo(() => coachSteps(() => setBuildOpen(true)), []);
  const showBalance = settings.wallet.showBalance;
  // Keyboard hints only where there is a keyboard-and-pointer: never "press Space" on a touch screen.
  const hint = isTouch ? text.hintTouch : text.hintPointer;
  const controls = (
    <RollControls
      rollsRemaining={rollsRemaining}
      phase={rollState.phase}
      notice={rollState.notice}
      autoRoll={settings.gameplay.autoRoll}
      onAutoRoll={setAutoRoll}
      online={online}
      ready={sceneReady}
      hint={hint}
      variant={isCompact ? 'dock' : 'overlay'}
      onRoll={() => tap('button')}
      onOpenDaily={() => setDialog('daily')}
      multiplier={loop.multiplier}
      outOfDice={loop.offers}
    />
  );
  const lightCelebration = celebration && !isModalCelebration(celebration) ? celebration : null;
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
        <section className="board-area" aria-label={text.boardLabel} data-theme={look.board.theme}>
          <GoalsBar state={state} />
          <div
            className={impact === 'loss' ? 'board-frame is-loss' : 'board-frame'}
            ref={frameRef}
            data-scene={sceneReady ? 'ready' : 'loading'}
            data-roll-phase={rollState.phase}
            data-roll-answered={rollState.result?.rollId ?? ''}
            data-celebration={celebrationKind(celebration)}
          >
            <PhaserGame
              className="board-canvas"
              bus={bus}
              initial={{ position: position ?? 0, lastDie }}
              motion={motion}
              look={look}
              onLoadError={() => setEngineFailed(true)}
            />
            <div className="board-overlay">
              <BoardStats
                balance={state?.balance ?? null}
                rollsRemaining={rollsRemaining}
                refill={loop.refill}
                showBalance={showBalance}
                animate={motion.animations}
              />
              <div className="board-overlay__die" aria-hidden="true" />
              {isCompact ? null : controls}
              {/* On a phone the centre's last row is free (the controls sit in the dock). */}
              {isCompact ? (
                <BuildButton board={state?.board} balance={state?.balance ?? null} onOpen={() => setBuildOpen(true)} />
              ) : null}
            </div>
            <CelebrationLayer
              current={lightCelebration}
              canRollAgain={false}
              particles={motion.particles}
              animate={motion.animations}
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
              {/* The tile the player tapped, or else the one the pawn stands on: never an empty strip. */}
              <div className="tile-strip" aria-live="polite">
                <TileDetails tileId={selectedTile ?? position} tokenPosition={position} board={state?.board} />
              </div>
              <LiveNowSlot rolls={state?.totalRolls ?? null} />
              <NextGoal
                board={state?.board}
                balance={state?.balance ?? null}
                onOpen={(tileId) => {
                  setSelectedTile(tileId);
                  setBuildOpen(true);
                }}
              />
              {controls}
            </div>
          ) : null}
        </section>

        <div className={statsOpen ? 'side-column is-open' : 'side-column'}>
          {isCompact ? null : (
            <BuildButton board={state?.board} balance={state?.balance ?? null} onOpen={() => setBuildOpen(true)} />
          )}
          {isCompact ? null : <LiveNowSlot rolls={state?.totalRolls ?? null} />}
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
          profileBadge={attention.total}
        />
      ) : null}

      {/* Toasts never sit on top of a modal, and phones show one at a time. */}
      <Toasts toasts={modalOpen ? [] : isCompact ? toasts.slice(-1) : toasts} onDismiss={dismissToast} />
      {tour.mounted ? <CoachMarks steps={tourSteps} hidden={tour.hidden} onDone={tour.end} /> : null}

      <CelebrationLayer
        current={lightCelebration ? null : celebration}
        canRollAgain={online && (rollsRemaining ?? 0) > 0 && celebrations.waiting === 0}
        particles={motion.particles}
        animate={motion.animations}
        onClose={celebrations.close}
        onRollAgain={(id) => {
          setRollAfterClose(true);
          celebrations.close(id);
        }}
      />

      {buildOpen && state ? (
        <BuildSheet
          board={state.board}
          balance={state.balance}
          selectedTile={selectedTile}
          onClose={() => setBuildOpen(false)}
          onCompleted={setCompletion}
        />
      ) : null}
      {completion ? (
        <BoardComplete
          completion={completion}
          animate={motion.animations}
          particles={motion.particles}
          onClose={() => setCompletion(null)}
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
        {celebration?.kind === 'summary'
          ? `${celebration.summary.reward.tileName}: ${signedGogo(celebration.summary.reward.amount)}`
          : ''}
      </p>
    </div>
  );
}
