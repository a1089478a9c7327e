import { useSyncExternalStore } from 'react';
import { readJson, storageKeys, writeJson } from './storage';

/** The player's settings, kept in this browser. */
export type ThemeSetting = 'dark' | 'light' | 'auto';

export interface Settings {
  sound: { enabled: boolean; volume: number };
  display: { theme: ThemeSetting; animations: boolean; particleEffects: boolean };
  gameplay: { autoRoll: boolean; confirmActions: boolean; showTutorial: boolean; fastRolls: boolean };
  wallet: { autoConnect: boolean; showBalance: boolean };
}

/** The defaults, the same as DEFAULT_GAME_PREFERENCES in shared/src/api/user-settings.ts. */
export const DEFAULT_SETTINGS: Settings = Object.freeze({
  sound: { enabled: true, volume: 0.7 },
  display: { theme: 'dark', animations: true, particleEffects: true },
  gameplay: { autoRoll: false, confirmActions: true, showTutorial: true, fastRolls: false },
  wallet: { autoConnect: false, showBalance: true },
}) as Settings;

export const VOLUME_STEP = 0.1;

/** 0..1 in steps of 0.1. */
export function clampVolume(value: unknown, fallback = DEFAULT_SETTINGS.sound.volume): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.round(Math.min(1, Math.max(0, value)) / VOLUME_STEP) / 10;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function section(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
}

/** Anything read from storage becomes valid settings: unknown or broken values take the default. */
export function parseSettings(raw: unknown): Settings {
  const d = DEFAULT_SETTINGS;
  const root = section(raw);
  const sound = section(root.sound);
  const display = section(root.display);
  const gameplay = section(root.gameplay);
  const wallet = section(root.wallet);
  const theme =
    display.theme === 'light' || display.theme === 'dark' || display.theme === 'auto' ? display.theme : d.display.theme;
  return {
    sound: { enabled: bool(sound.enabled, d.sound.enabled), volume: clampVolume(sound.volume) },
    display: {
      theme,
      animations: bool(display.animations, d.display.animations),
      particleEffects: bool(display.particleEffects, d.display.particleEffects),
    },
    gameplay: {
      autoRoll: bool(gameplay.autoRoll, d.gameplay.autoRoll),
      confirmActions: bool(gameplay.confirmActions, d.gameplay.confirmActions),
      showTutorial: bool(gameplay.showTutorial, d.gameplay.showTutorial),
      fastRolls: bool(gameplay.fastRolls, d.gameplay.fastRolls),
    },
    wallet: {
      autoConnect: bool(wallet.autoConnect, d.wallet.autoConnect),
      showBalance: bool(wallet.showBalance, d.wallet.showBalance),
    },
  };
}

function cloneDefaults(): Settings {
  return parseSettings(DEFAULT_SETTINGS);
}

const listeners = new Set<() => void>();
let current: Settings =
  typeof localStorage === 'undefined' ? cloneDefaults() : parseSettings(readJson(storageKeys.settings));

function emit() {
  for (const listener of listeners) listener();
}

export const settingsStore = {
  get: (): Settings => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Replaces the settings (validated) and saves them. */
  set(next: Settings): void {
    current = parseSettings(next);
    writeJson(storageKeys.settings, current);
    emit();
  },
  update(change: (settings: Settings) => Settings): void {
    settingsStore.set(change(current));
  },
  reset(): void {
    settingsStore.set(cloneDefaults());
  },
  /** Re-reads storage (another tab changed it, or a test). */
  reload(): void {
    current = parseSettings(readJson(storageKeys.settings));
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.settings || event.key === null) settingsStore.reload();
  });
}

/**
 * What the prerendered pages were built with (client/src/prerender): the default settings. A player
 * whose settings are the defaults gets their own object back, so nothing re-renders after hydration.
 */
const defaults = cloneDefaults();
const defaultsJson = JSON.stringify(defaults);
const serverSnapshot = () => (JSON.stringify(current) === defaultsJson ? current : defaults);

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, serverSnapshot);
}

// ── Theme ────────────────────────────────────────────────────────────────────

const LIGHT_QUERY = '(prefers-color-scheme: light)';

export function resolveTheme(theme: ThemeSetting, prefersLight: boolean): 'dark' | 'light' {
  if (theme === 'auto') return prefersLight ? 'light' : 'dark';
  return theme;
}

function prefersLight(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(LIGHT_QUERY).matches
  );
}

/** Writes the theme on <html data-theme>; global.css flips the palette on it. */
export function applyTheme(theme: ThemeSetting): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = resolveTheme(theme, prefersLight());
}

let themeWatcherStarted = false;

/** Applies the stored theme now and whenever the setting or (for 'auto') the system preference changes. */
export function startThemeWatcher(): void {
  if (themeWatcherStarted || typeof window === 'undefined') return;
  themeWatcherStarted = true;
  let last = settingsStore.get().display.theme;
  applyTheme(last);
  settingsStore.subscribe(() => {
    const next = settingsStore.get().display.theme;
    if (next !== last) {
      last = next;
      applyTheme(next);
    }
  });
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(LIGHT_QUERY).addEventListener?.('change', () => applyTheme(settingsStore.get().display.theme));
  }
}

// ── Motion ───────────────────────────────────────────────────────────────────

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(REDUCED_MOTION_QUERY).matches
  );
}

function subscribeReducedMotion(listener: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener?.('change', listener);
  return () => query.removeEventListener?.('change', listener);
}

/** The operating system's reduced-motion preference, live. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}
