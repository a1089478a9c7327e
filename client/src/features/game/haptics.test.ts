import { describe, expect, it, vi } from 'vitest';
import { buzz } from './haptics';

describe('haptics', () => {
  it('vibrates with the pattern of the event when enabled and supported', () => {
    const vibrate = vi.fn(() => true);
    expect(buzz('loss', true, { vibrate })).toBe(true);
    expect(vibrate).toHaveBeenCalledWith([40, 40, 40]);
  });

  it('does nothing when disabled or unsupported', () => {
    const vibrate = vi.fn(() => true);
    expect(buzz('gain', false, { vibrate })).toBe(false);
    expect(vibrate).not.toHaveBeenCalled();
    expect(buzz('gain', true, {} as Navigator)).toBe(false);
  });
});
