import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { GameStateDto, RollResult } from '@gogo/shared/api';
import { ROLL_COOLDOWN_MS } from '@gogo/shared/rules';
import { createGameBus, type MotionOptions } from '../../game/bus';
import { PhaserGame } from '../../game/PhaserGame';
import { signedGogo } from '../../game/rollPlan';
import { paths } from '../../app/paths';
import { useSession } from '../../lib/session';
import { settingsStore, useReducedMotion, useSettings } from '../../lib/settings';
import { sound } from '../../lib/sound';
import { PHONE_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { logout } from '../auth/api';
import { gameKeys } from './api/keys';
import { useGameState } from './api/gameState';
import { useDiceBalance } from './api/diceBalance';
import { recordDailyLogin } from './api/dailyLogin';
import { rollEffects, type AchievementView, type RewardView, type RollEffects } from './outcome';
import { useRollController } from './useRollController';
import { useConnection } from './useConnection';
import { useToasts } from './useToasts';
import { recordLocalResult } from './localLeaderboard';
import { celebrate } from './confetti';
import { GameHeader } from './components/GameHeader';
import { BoardStats } from './components/BoardStats';
import { RollControls } from './components/RollControls';
import { SidePanel } from './components/SidePanel';
import { TileDetails } from './components/TileDetails';
import { RewardModal } from './components/RewardModal';
import { AchievementModal } from './components/AchievementModal';
import { Toasts } from './components/Toasts';
import { DailyDiceDialog } from './components/DailyDiceDialog';
import { SettingsDialog } from './components/SettingsDialog';
import { LeaderboardModal } from './components/LeaderboardModal';
import { FairnessPanel } from './components/FairnessPanel';
import { ConfirmDialog } from './components/ConfirmDialog';
import { MobileGameBar } from './components/MobileGameBar';
import { OfflineBanner, OrientationBanner, TutorialCard } from './components/Banners';
import './game.css';

type DialogName = 'settings' | 'leaderboard' | 'fairness' | 'daily' | null;

interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

/** Window events other parts of the app (or the console) can send to the game screen (spec section 2). */
export const OPEN_SETTINGS_EVENT = 'game:openSettings';
export const OPEN_LEADERBOARD_EVENT = 'game:openLeaderboard';

// Start downloading the board engine (Phaser) together with this screen rather than after its
// first render: the bridge's own import then finds it loaded or on its way.
void import('../../game/createGame').catch(() => {});

const AUTO_ROLL_DELAY_MS = Math.max(ROLL_COOLDOWN_MS, 900);

/**
 * The /game screen. React owns the data (react-query per endpoint) and hands outcomes to the Phaser
 * board through the bus; the board animates and reports back. Nothing of value is computed here.
 *
 * Test hooks (read-only): the board frame carries data-token-position (the tile the board shows the
 * token on, updated at every step), data-scene ('loading' or 'ready') and data-roll-phase ('idle',
 * 'requesting', 'animating').
 */
export default function GamePage() {
  const { user } = useSession();
  const username = user?.username ?? 'Player';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const reducedMotion = useReducedMotion();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const panelId = useId();

  const [bus] = useState(createGameBus);
  const motion = useMemo<MotionOptions>(
    () => ({
      animations: settings.display.animations && !reducedMotion,
      particles: settings.display.particleEffects && !reducedMotion,
    }),
    [settings.display.animations, settings.display.particleEffects, reducedMotion],
  );

  const stateQuery = useGameState();
  const diceQuery = useDiceBalance();
  const state: GameStateDto | undefined = stateQuery.data;

  const onBackOnline = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: gameKeys.all });
  }, [queryClient]);
  const { online, reportError } = useConnection(onBackOnline);

  const { toasts, push: pushToast, dismiss: dismissToast } = useToasts();
  const [sceneReady, setSceneReady] = useState(false);
  const [engineFailed, setEngineFailed] = useState(false);
  const [selectedTile, setSelectedTile] = useState<number | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [reward, setReward] = useState<RewardView | null>(null);
  const [achievements, setAchievements] = useState<AchievementView[]>([]);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const frameRef = useRef<HTMLDivElement>(null);
  const pendingEffects = useRef<RollEffects | null>(null);
  const rollAfterClose = useRef(false);
  const autoArmed = useRef(false);

  const modalOpen = dialog !== null || reward !== null || achievements.length > 0 || confirm !== null;
  const rollsRemaining = state?.diceRollsRemaining ?? null;

  const askConfirm = useCallback((spec: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> => {
    if (!settingsStore.get().gameplay.confirmActions) return Promise.resolve(true);
    return new Promise((resolve) => setConfirm({ ...spec, resolve }));
  }, []);

  const onFinished = useCallback(
    (result: RollResult) => {
      const effects =
        pendingEffects.current?.reward.rollId === result.rollId ? pendingEffects.current : rollEffects(result);
      pendingEffects.current = null;
      queryClient.setQueryData(gameKeys.state(), result.state);
      void queryClient.invalidateQueries({ queryKey: gameKeys.diceBalance() });
      recordLocalResult(result.state, username);
      setNow(Date.now());
      for (const toast of effects.toasts) pushToast(toast);
      for (const cue of effects.followUpSounds) if (cue !== 'achievement') sound.play(cue);
      if (result.levelUps.length > 0 && motion.particles) void celebrate('level-up');
      const auto = settingsStore.get().gameplay.autoRoll;
      if (auto) {
        pushToast({
          kind: 'info',
          title: `${effects.reward.tileName}`,
          body: `${effects.reward.amountText} · +${effects.reward.xpGained} XP`,
        });
      } else {
        setReward(effects.reward);
      }
      if (effects.achievements.length > 0) setAchievements((queue) => [...queue, ...effects.achievements]);
      autoArmed.current = auto;
    },
    [queryClient, username, pushToast, motion.particles],
  );

  const controller = useRollController({
    bus,
    rollsRemaining,
    online,
    sceneReady,
    inputAllowed: !modalOpen,
    motion,
    reportError,
    onStart: () => sound.play('roll'),
    onResult: (result) => {
      pendingEffects.current = rollEffects(result);
      // The roll is spent as soon as the server says so; the rest shows when the board gets there.
      queryClient.setQueryData<GameStateDto>(gameKeys.state(), (old) =>
        old ? { ...old, diceRollsRemaining: result.state.diceRollsRemaining } : old,
      );
    },
    onFinished,
    onFailure: (message) => pushToast({ kind: 'error', title: 'The roll did not go through', body: message }),
  });

  // ── Sound: configured live, silent until the first gesture ───────────────
  useEffect(() => sound.arm(), []);
  useEffect(() => {
    sound.configure({ enabled: settings.sound.enabled, volume: settings.sound.volume });
  }, [settings.sound.enabled, settings.sound.volume]);

  // ── Window events of spec section 2 ──────────────────────────────────────
  useEffect(() => {
    const openSettings = () => setDialog('settings');
    const openLeaderboard = () => setDialog('leaderboard');
    window.addEventListener(OPEN_SETTINGS_EVENT, openSettings);
    window.addEventListener(OPEN_LEADERBOARD_EVENT, openLeaderboard);
    return () => {
      window.removeEventListener(OPEN_SETTINGS_EVENT, openSettings);
      window.removeEventListener(OPEN_LEADERBOARD_EVENT, openLeaderboard);
    };
  }, []);

  // ── Daily login: once per UTC day, a toast when the server counted it ─────
  const userKey = user ? String(user.id) : null;
  useEffect(() => {
    if (!userKey) return;
    let active = true;
    recordDailyLogin(userKey).then(
      (login) => {
        if (!active || !login.counted) return;
        void queryClient.invalidateQueries({ queryKey: gameKeys.state() });
        pushToast({
          kind: 'daily',
          title: `Day ${login.consecutiveDays} login streak!`,
          body: `+${login.bonus} GOGO daily bonus${login.nextMilestone ? ` · next milestone: ${login.nextMilestone.days} days` : ''}`,
        });
      },
      (error: unknown) => reportError(error),
    );
    return () => {
      active = false;
    };
  }, [userKey, queryClient, pushToast, reportError]);

  useEffect(() => {
    if (stateQuery.error) reportError(stateQuery.error);
  }, [stateQuery.error, reportError]);

  // ── Board ⇄ React ────────────────────────────────────────────────────────
  useEffect(() => {
    const offs = [
      bus.react.on('scene-ready', () => setSceneReady(true)),
      bus.react.on('tile-selected', ({ tileId }) => {
        setSelectedTile(tileId);
        bus.react.emit('highlight-tile', { tileId });
      }),
      bus.react.on('token-moved', ({ position, step }) => {
        if (frameRef.current) frameRef.current.dataset.tokenPosition = String(position);
        if (step > 0) sound.play('step');
      }),
      bus.react.on('tile-landed', () => {
        const cue = pendingEffects.current?.landingSound;
        if (cue) sound.play(cue);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bus]);

  const position = state?.position ?? null;
  const lastDie = state?.lastRollResult?.die1 ?? null;
  useEffect(() => {
    if (!sceneReady || position === null || controller.phase !== 'idle') return;
    bus.react.emit('sync-state', { position, lastDie });
  }, [bus, sceneReady, position, lastDie, controller.phase]);

  useEffect(() => {
    bus.react.emit('set-input', {
      enabled: sceneReady && !modalOpen,
      rollable: online && (rollsRemaining ?? 0) > 0 && controller.phase === 'idle',
    });
  }, [bus, sceneReady, modalOpen, online, rollsRemaining, controller.phase]);

  useEffect(() => {
    bus.react.emit('set-motion', motion);
  }, [bus, motion]);

  // Roll again from the reward modal once it has closed (the controller refuses while a dialog is open).
  useEffect(() => {
    if (!modalOpen && rollAfterClose.current) {
      rollAfterClose.current = false;
      controller.requestRoll('button');
    }
  });

  // Achievements arrive one at a time, each with its fanfare and confetti.
  const currentAchievement = reward === null ? (achievements[0] ?? null) : null;
  useEffect(() => {
    if (!currentAchievement) return;
    sound.play('achievement');
    if (motion.particles) void celebrate('achievement');
  }, [currentAchievement, motion.particles]);

  // Auto roll: after a roll, the next one follows as soon as the board is idle, nothing covers it
  // (an achievement pauses the chain until it is closed) and rolls are left.
  const autoRoll = settings.gameplay.autoRoll;
  const { requestRoll, phase } = controller;
  useEffect(() => {
    if (!autoRoll || !autoArmed.current) return;
    if (modalOpen || phase !== 'idle' || !online || (rollsRemaining ?? 0) < 1) return;
    const timer = setTimeout(() => {
      autoArmed.current = false;
      requestRoll('auto');
    }, AUTO_ROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoRoll, modalOpen, phase, online, rollsRemaining, requestRoll]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const onLogout = () => void logout().then(() => navigate(paths.home));
  const showBalance = settings.wallet.showBalance;
  const hint = isPhone ? 'Tap the die or swipe up to roll' : 'Click the die or press Space to roll';
  const controls = (
    <RollControls
      rollsRemaining={rollsRemaining}
      phase={controller.phase}
      notice={controller.notice}
      online={online}
      ready={sceneReady}
      hint={isPhone ? '' : hint}
      onRoll={() => controller.requestRoll('button')}
      onOpenDaily={() => setDialog('daily')}
    />
  );

  return (
    <div className="game-page">
      <GameHeader
        username={username}
        level={state?.level ?? null}
        onOpenSettings={() => setDialog('settings')}
        onOpenLeaderboard={() => setDialog('leaderboard')}
        onOpenFairness={() => setDialog('fairness')}
        onLogout={onLogout}
      />
      {online ? null : <OfflineBanner />}
      <OrientationBanner />

      <main className="game-main">
        <section className="board-area" aria-label="Game board">
          <div
            className="board-frame"
            ref={frameRef}
            data-scene={sceneReady ? 'ready' : 'loading'}
            data-roll-phase={controller.phase}
          >
            <PhaserGame
              className="board-canvas"
              bus={bus}
              initial={{ position: position ?? 0, lastDie }}
              motion={motion}
              onLoadError={() => setEngineFailed(true)}
            />
            <div className="board-overlay">
              <BoardStats balance={state?.balance ?? null} rollsRemaining={rollsRemaining} showBalance={showBalance} />
              <div className="board-overlay__die" aria-hidden="true" />
              {isPhone ? <p className="board-hint">{hint}</p> : controls}
            </div>
            {sceneReady ? null : (
              <div className="board-loading" role="status">
                <span className="spinner" aria-hidden="true" />
                {engineFailed ? 'The board could not load. Check your connection and reload.' : 'Loading the board…'}
              </div>
            )}
          </div>
          {isPhone ? (
            <>
              <div className="tile-strip" aria-live="polite">
                <TileDetails tileId={selectedTile} tokenPosition={position} compact />
              </div>
              {controls}
              {settings.gameplay.showTutorial ? (
                <TutorialCard
                  phone
                  onDismiss={() =>
                    settingsStore.update((s) => ({ ...s, gameplay: { ...s.gameplay, showTutorial: false } }))
                  }
                />
              ) : null}
            </>
          ) : null}
        </section>

        <div className={statsOpen ? 'side-column is-open' : 'side-column'}>
          {!isPhone && settings.gameplay.showTutorial ? (
            <TutorialCard
              phone={false}
              onDismiss={() =>
                settingsStore.update((s) => ({ ...s, gameplay: { ...s.gameplay, showTutorial: false } }))
              }
            />
          ) : null}
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
            onOpenLeaderboard={() => setDialog('leaderboard')}
          />
        </div>
      </main>

      {isPhone ? (
        <MobileGameBar
          statsOpen={statsOpen}
          panelId={panelId}
          onToggleStats={() => setStatsOpen((open) => !open)}
          onOpenSettings={() => setDialog('settings')}
          onOpenLeaderboard={() => setDialog('leaderboard')}
        />
      ) : null}

      <Toasts toasts={toasts} onDismiss={dismissToast} />

      {reward ? (
        <RewardModal
          reward={reward}
          canRollAgain={online && (rollsRemaining ?? 0) > 0}
          onClose={() => setReward(null)}
          onRollAgain={() => {
            rollAfterClose.current = true;
            setReward(null);
          }}
        />
      ) : currentAchievement ? (
        <AchievementModal
          achievement={currentAchievement}
          remaining={achievements.length - 1}
          onClose={() => setAchievements((queue) => queue.slice(1))}
        />
      ) : null}

      {dialog === 'daily' ? (
        <DailyDiceDialog
          onClose={() => setDialog(null)}
          onClaimed={(rolls, days) =>
            pushToast({
              kind: 'daily',
              title: `+${rolls} free dice rolls`,
              body: `Daily dice streak: ${days} ${days === 1 ? 'day' : 'days'}`,
            })
          }
        />
      ) : null}
      {dialog === 'settings' ? (
        <SettingsDialog
          onClose={() => setDialog(null)}
          confirmReset={() =>
            askConfirm({
              title: 'Reset settings?',
              message: 'Sound, display, gameplay and wallet settings go back to their defaults.',
              confirmLabel: 'Reset',
            })
          }
        />
      ) : null}
      {dialog === 'leaderboard' ? <LeaderboardModal onClose={() => setDialog(null)} /> : null}
      {dialog === 'fairness' ? (
        <FairnessPanel
          onClose={() => setDialog(null)}
          confirmRotate={() =>
            askConfirm({
              title: 'Rotate your seed?',
              message:
                'Your current server seed is revealed so you can verify its rolls, and a new one starts at nonce 0.',
              confirmLabel: 'Rotate and reveal',
            })
          }
        />
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          onConfirm={() => {
            confirm.resolve(true);
            setConfirm(null);
          }}
          onCancel={() => {
            confirm.resolve(false);
            setConfirm(null);
          }}
        />
      ) : null}
      {/* Balance changes are announced for screen readers when a roll has been shown. */}
      <p className="visually-hidden" aria-live="polite">
        {reward ? `${reward.tileName}: ${signedGogo(reward.amount)}` : ''}
      </p>
    </div>
  );
}
