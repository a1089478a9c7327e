// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from './storage';
import { applyTheme, clampVolume, DEFAULT_SETTINGS, parseSettings, resolveTheme, settingsStore } from './settings';

describe('settings', () => {
  beforeEach(() => {
    localStorage.clear();
    settingsStore.reload();
  });

  it('defaults are the spec defaults', () => {
    expect(settingsStore.get()).toEqual({
      sound: { enabled: true, volume: 0.7 },
      display: { theme: 'dark', animations: true, particleEffects: true },
      gameplay: { autoRoll: false, confirmActions: true, showTutorial: true, fastRolls: false },
      wallet: { autoConnect: false, showBalance: true },
    });
  });

  it('repairs broken or partial storage field by field', () => {
    expect(parseSettings('nonsense')).toEqual(DEFAULT_SETTINGS);
    const parsed = parseSettings({
      sound: { enabled: false, volume: 7 },
      display: { theme: 'pink', animations: 'no' },
    });
    expect(parsed.sound).toEqual({ enabled: false, volume: 1 });
    expect(parsed.display).toEqual({ theme: 'dark', animations: true, particleEffects: true });
  });

  it('keeps the volume on 0..1 in steps of 0.1', () => {
    expect(clampVolume(0.34)).toBe(0.3);
    expect(clampVolume(0.36)).toBe(0.4);
    expect(clampVolume(-2)).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(0.7);
  });

  it('saves changes to localStorage and resets to defaults', () => {
    settingsStore.update((s) => ({ ...s, display: { ...s.display, theme: 'light', particleEffects: false } }));
    expect(JSON.parse(localStorage.getItem(storageKeys.settings)!).display).toEqual({
      theme: 'light',
      animations: true,
      particleEffects: false,
    });
    settingsStore.reset();
    expect(settingsStore.get()).toEqual(DEFAULT_SETTINGS);
    expect(JSON.parse(localStorage.getItem(storageKeys.settings)!)).toEqual(DEFAULT_SETTINGS);
  });

  it('resolves auto from the system preference and writes data-theme', () => {
    expect(resolveTheme('auto', true)).toBe('light');
    expect(resolveTheme('auto', false)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
