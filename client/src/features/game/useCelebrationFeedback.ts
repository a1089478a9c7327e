import { useEffect } from 'react';
import { sound } from '../../lib/sound';
import { buzz } from './haptics';
import type { Celebration } from './useCelebrations';

/** Each celebration brings its own fanfare and buzz when it shows (not when queued). */
export function useCelebrationFeedback(celebration: Celebration | null, haptics: boolean) {
  useEffect(() => {
    if (!celebration) return;
    if (celebration.kind === 'dice-arrived') {
      sound.play('coin');
      buzz('dice-arrived', haptics);
      return;
    }
    const { summary } = celebration;
    if (summary.levelUps.length > 0) {
      sound.play('levelup');
      buzz('level-up', haptics);
    } else if (summary.achievements.length > 0) {
      sound.play('achievement');
      buzz('achievement', haptics);
    }
  }, [celebration, haptics]);
}
