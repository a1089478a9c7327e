import { describe, expect, it, vi } from 'vitest';
import { createGameBus } from './bus';

describe('game bus', () => {
  it('delivers scene intents to React and React commands to the scene, never the other way round', () => {
    const bus = createGameBus({ upDelivery: 'now' });
    const onIntent = vi.fn();
    const onCommand = vi.fn();
    bus.react.on('roll-requested', onIntent);
    bus.scene.on('set-input', onCommand);

    bus.scene.emit('roll-requested', { source: 'swipe' });
    bus.react.emit('set-input', { enabled: true, rollable: false });

    expect(onIntent).toHaveBeenCalledExactlyOnceWith({ source: 'swipe' });
    expect(onCommand).toHaveBeenCalledExactlyOnceWith({ enabled: true, rollable: false });
  });

  it('keeps the two directions apart even for a listener registered on the wrong side', () => {
    const bus = createGameBus({ upDelivery: 'now' });
    const heard = vi.fn();
    // React listening for its own command must hear nothing: commands go down to the scene only.
    (bus.react.on as (type: string, handler: () => void) => void)('set-input', heard);
    bus.react.emit('set-input', { enabled: true, rollable: true });
    expect(heard).not.toHaveBeenCalled();
  });

  it('removes a listener by its own handler, leaving the others', () => {
    const bus = createGameBus({ upDelivery: 'now' });
    const first = vi.fn();
    const second = vi.fn();
    bus.react.on('tile-selected', first);
    bus.react.on('tile-selected', second);
    bus.react.off('tile-selected', first);
    bus.scene.emit('tile-selected', { tileId: 4 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ tileId: 4 });
    expect(bus.listenerCount()).toBe(1);
  });

  it('returns an unsubscribe function and tolerates handlers that unsubscribe while being called', () => {
    const bus = createGameBus({ upDelivery: 'now' });
    const calls: string[] = [];
    const stopA = bus.scene.on('roll-started', () => {
      calls.push('a');
      stopA();
    });
    bus.scene.on('roll-started', () => calls.push('b'));
    bus.react.emit('roll-started', {});
    bus.react.emit('roll-started', {});
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('clear drops every listener', () => {
    const bus = createGameBus({ upDelivery: 'now' });
    bus.react.on('scene-ready', () => {});
    bus.scene.on('sync-state', () => {});
    expect(bus.listenerCount()).toBe(2);
    bus.clear();
    expect(bus.listenerCount()).toBe(0);
  });

  it('by default hands scene events to React after the task that raised them, in order and once', async () => {
    const bus = createGameBus();
    const heard: string[] = [];
    bus.react.on('token-moved', ({ step }) => heard.push(`step ${step}`));
    bus.react.on('tile-landed', ({ tileId }) => heard.push(`landed ${tileId}`));
    bus.scene.emit('token-moved', { position: 3, step: 1, steps: 2 });
    bus.scene.emit('token-moved', { position: 4, step: 2, steps: 2 });
    bus.scene.emit('tile-landed', { rollId: 1, tileId: 4 });
    // Not inside the board's frame: nothing yet, not even after the frame's microtasks.
    await Promise.resolve();
    expect(heard).toEqual([]);
    await vi.waitFor(() => expect(heard).toEqual(['step 1', 'step 2', 'landed 4']));
  });

  it('drops what is queued when cleared', async () => {
    const bus = createGameBus();
    const heard = vi.fn();
    bus.react.on('scene-ready', heard);
    bus.scene.emit('scene-ready', { position: 0 });
    bus.clear();
    bus.react.on('scene-ready', heard);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).not.toHaveBeenCalled();
  });
});
