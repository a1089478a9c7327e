import { useEffect } from 'react';
import { sound } from '../../lib/sound';
import { celebrate } from './confetti';
import { buzz } from './haptics';
import type { Celebration } from './useCelebrations';

/** Each celebration brings its own fanfare, confetti and buzz when it shows (not when queued). */
export function useCelebrationFeedback(celebration: Celebration | null, particles: boolean, haptics: boolean) {
  useEffect(() => {
    if (!celebration) return;
    const kind = celebration.kind;
    if (kind === 'achievement') sound.play('achievement');
    if (kind === 'level-up') sound.play('levelup');
    if (kind === 'dice-arrived') sound.play('coin');
    if (kind === 'achievement' || kind === 'level-up' || kind === 'dice-arrived') buzz(kind, haptics);
    if (particles && (kind === 'achievement' || kind === 'jackpot')) void celebrate('achievement');
    if (particles && kind === 'level-up') void celebrate('level-up');
  }, [celebration, particles, haptics]);
}
