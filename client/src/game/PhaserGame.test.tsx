// @vitest-environment jsdom
import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGameBus } from './bus';
import { PhaserGame } from './PhaserGame';
import { defaultLook } from './look';

const created: Array<{ destroy: ReturnType<typeof vi.fn> }> = [];
const createGame = vi.fn(() => {
  const handle = { renderer: 'canvas' as const, destroy: vi.fn() };
  created.push(handle);
  return handle;
});

// The real engine module imports Phaser (WebGL); the bridge's contract is what matters here.
const load = () => Promise.resolve({ createGame });

const motion = { animations: true, particles: true };
const look = defaultLook();
const initial = { position: 4, lastDie: 2 };

/** Lets pending promises (the bridge's engine load) settle. */
async function flushImports() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('PhaserGame bridge', () => {
  afterEach(() => {
    createGame.mockClear();
    created.length = 0;
  });

  it('creates exactly one game under StrictMode and destroys it on unmount', async () => {
    const bus = createGameBus();
    const view = render(
      <StrictMode>
        <PhaserGame bus={bus} initial={initial} motion={motion} look={look} load={load} />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(createGame).toHaveBeenCalled());
    await flushImports();
    expect(createGame).toHaveBeenCalledTimes(1);
    const options = (createGame.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    expect(options).toMatchObject({ position: 4, lastDie: 2, motion });
    expect(options.parent).toBeInstanceOf(HTMLDivElement);
    expect(options.bus).toBe(bus.scene);
    view.unmount();
    expect(created[0]!.destroy).toHaveBeenCalledTimes(1);
  });

  it('never creates a game when unmounted before the engine arrives', async () => {
    const bus = createGameBus();
    const view = render(<PhaserGame bus={bus} initial={initial} motion={motion} look={look} load={load} />);
    view.unmount();
    await flushImports();
    expect(createGame).not.toHaveBeenCalled();
  });

  it('does not recreate the game when props other than the bus change', async () => {
    const bus = createGameBus();
    const view = render(<PhaserGame bus={bus} initial={initial} motion={motion} look={look} load={load} />);
    await vi.waitFor(() => expect(createGame).toHaveBeenCalled());
    view.rerender(
      <PhaserGame
        bus={bus}
        initial={{ position: 9, lastDie: 5 }}
        motion={{ ...motion, particles: false }}
        look={look}
        load={load}
      />,
    );
    await flushImports();
    expect(createGame).toHaveBeenCalledTimes(1);
    expect(created[0]!.destroy).not.toHaveBeenCalled();
    view.unmount();
  });
});
