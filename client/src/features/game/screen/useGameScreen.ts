import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { GameStateDto } from '@gogo/shared/api';
import { gameScreenText } from '@gogo/shared/messages/game';
import { createGameBus, type MotionOptions } from '../../../game/bus';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useProfileAttention } from '../../../lib/attention';
import { settingsStore, useReducedMotion, useSettings } from '../../../lib/settings';
import { sound } from '../../../lib/sound';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { logout } from '../../../session/authApi';
import { gameKeys } from '../api/keys';
import { useGameState } from '../api/gameState';
import { useDiceBalance } from '../api/diceBalance';
import { useConnection } from '../useConnection';
import { isModalCelebration, useCelebrations } from '../useCelebrations';
import { useDailyLogin, useWindowOpeners } from '../useScreenEvents';
import { useBoardBridge } from '../useBoardBridge';
import { useBoardLook } from '../useBoardLook';
import { useDiceArrivals } from '../useDiceArrivals';
import { useCelebrationFeedback } from '../useCelebrationFeedback';
import { COMPACT_QUERY, LANDSCAPE_PHONE_QUERY, TOUCH_QUERY } from '../media';
import { useGameToasts } from '../components/Toasts';
import { preloadGameDialogs, type DialogName } from '../components/GameDialogs';
import type { CoachStep } from '../components/CoachMarks';
import { buildGoal } from '../board/goal';
import type { BoardCompletion } from '../board/BoardComplete';
import { useTour } from '../useTour';
import { useRollReward } from './useRollReward';
import { useGameRoll } from './useGameRoll';

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
 * Everything the /game screen holds: React owns the data (react-query per endpoint) and hands
 * outcomes to the Phaser board through the bus; the board animates and reports back. GamePage.tsx
 * lays it out. Nothing of value is computed here.
 */
export function useGameScreen() {
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

  const toasts = useGameToasts();
  const pushToast = toasts.push;
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
  const [rollAfterClose, setRollAfterClose] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);

  const modalOpen =
    dialog !== null || confirmOpen || buildOpen || completion !== null || isModalCelebration(celebration);
  const rollsRemaining = state?.diceRollsRemaining ?? null;
  const userKey = user ? String(user.id) : '';

  const { showReward, impact, answerWrittenAt } = useRollReward({
    queryClient,
    username,
    enqueue,
    pushToast,
    haptics,
    animations: motion.animations,
    frameRef,
    setNow,
  });
  const { loop, roll, rollState, busy } = useGameRoll({
    bus,
    stateQuery,
    queryClient,
    pushToast,
    celebrations,
    online,
    sceneReady,
    modalOpen,
    motion,
    autoRoll: settings.gameplay.autoRoll,
    haptics,
    userKey,
    reportError,
    answerWrittenAt,
    showReward,
  });

  // The dialogs' chunk comes once the board is up, ahead of the first tap on one of them.
  useEffect(() => {
    if (sceneReady) preloadGameDialogs();
  }, [sceneReady]);

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
  const { hold: holdToasts } = toasts;
  useEffect(() => holdToasts(tour.holding), [holdToasts, tour.holding]);
  const tourSteps = useMemo(() => coachSteps(() => setBuildOpen(true)), []);

  return {
    user: { username, attention: attention.total },
    settings,
    motion,
    layout: { isCompact, isLandscape, isTouch, panelId },
    bus,
    frameRef,
    state,
    dice: diceQuery.data,
    online,
    toasts,
    celebrations,
    scene: { ready: sceneReady, failed: engineFailed, setFailed: setEngineFailed },
    selectedTile,
    setSelectedTile,
    dialog,
    setDialog,
    setConfirmOpen,
    statsOpen,
    setStatsOpen,
    buildOpen,
    setBuildOpen,
    completion,
    setCompletion,
    now,
    impact,
    setRollAfterClose,
    modalOpen,
    rollsRemaining,
    loop,
    rollState,
    tap,
    openSettings,
    openLeaderboard,
    dailyLogin,
    position,
    lastDie,
    look,
    setAutoRoll,
    onLogout,
    tour,
    tourSteps,
  };
}

export type GameScreen = ReturnType<typeof useGameScreen>;
