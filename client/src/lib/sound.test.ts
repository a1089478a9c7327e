import { describe, expect, it, vi } from 'vitest';
import { createSoundPlayer, type SoundBackend } from './sound';

function fakeBackend() {
  const backend: SoundBackend & { played: string[] } = {
    played: [],
    play: vi.fn((name) => void backend.played.push(name)),
    setVolume: vi.fn(),
    setMuted: vi.fn(),
  };
  return backend;
}

/** A minimal event target standing in for window. */
function fakeWindow() {
  const handlers = new Map<string, Set<() => void>>();
  return {
    addEventListener: (type: string, handler: () => void) => {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(handler);
    },
    removeEventListener: (type: string, handler: () => void) => void handlers.get(type)?.delete(handler),
    fire: (type: string) => {
      for (const handler of [...(handlers.get(type) ?? [])]) handler();
    },
    count: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
  };
}

describe('sound player', () => {
  it('stays silent and loads nothing before the first gesture', () => {
    const load = vi.fn(async () => fakeBackend());
    const player = createSoundPlayer(load);
    const target = fakeWindow();
    player.arm(target as unknown as Window);
    player.play('roll');
    expect(load).not.toHaveBeenCalled();
    expect(player.state).toBe('locked');
  });

  it('loads on the first gesture, once, and then plays with the configured volume and mute', async () => {
    const backend = fakeBackend();
    const load = vi.fn(async () => backend);
    const player = createSoundPlayer(load);
    const target = fakeWindow();
    player.arm(target as unknown as Window);
    player.configure({ enabled: true, volume: 0.4 });
    target.fire('pointerdown');
    target.fire('keydown');
    expect(target.count()).toBe(0); // the gesture listeners are gone after the first one
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(player.state).toBe('ready'));
    expect(backend.setVolume).toHaveBeenLastCalledWith(0.4);
    expect(backend.setMuted).toHaveBeenLastCalledWith(false);
    player.play('step');
    expect(backend.played).toEqual(['step']);
    player.configure({ enabled: false, volume: 0.4 });
    expect(backend.setMuted).toHaveBeenLastCalledWith(true);
    player.play('gain');
    expect(backend.played).toEqual(['step']);
  });

  it('plays a sound asked for during loading only if it is still fresh', async () => {
    const backend = fakeBackend();
    let release!: (b: SoundBackend) => void;
    let clock = 0;
    const player = createSoundPlayer(
      () => new Promise<SoundBackend>((resolve) => (release = resolve)),
      () => clock,
    );
    const target = fakeWindow();
    player.arm(target as unknown as Window);
    target.fire('pointerdown');
    player.play('roll');
    clock = 200;
    player.play('step');
    clock = 700;
    player.play('gain');
    clock = 800;
    release(backend);
    await vi.waitFor(() => expect(player.state).toBe('ready'));
    expect(backend.played).toEqual(['gain']);
  });
});
