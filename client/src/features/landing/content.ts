import type { IconName } from '../../components/Icon';
import type { PublicStats } from '@gogo/shared/api';

export const landingFeatures = [
  {
    icon: 'dice' as IconName,
    title: 'Provably fair dice',
    text: 'Every roll is drawn from a server seed whose fingerprint you see before you play. Check any past roll yourself.',
  },
  {
    icon: 'coin' as IconName,
    title: 'GOGO rewards',
    text: 'Land on properties, chance tiles and jackpots to collect GOGO. Every credit is written to your account ledger.',
  },
  {
    icon: 'trophy' as IconName,
    title: 'Global leaderboard',
    text: 'Your earnings, jackpots, achievements and level add up to one score, ranked against every player.',
  },
  {
    icon: 'calendar' as IconName,
    title: 'Daily dice and streaks',
    text: 'Claim free dice every day and log in day after day for growing streak bonuses.',
  },
  {
    icon: 'star' as IconName,
    title: 'Achievements',
    text: 'Eight achievements, from your first roll to 50 laps of the board, each paying GOGO once.',
  },
  {
    icon: 'shield' as IconName,
    title: 'Safe by design',
    text: 'The server decides every roll and balance; passwords are hashed with argon2id. No wallet to connect.',
  },
] as const;

export const landingSteps = [
  {
    title: 'Create your account',
    text: 'Sign up with a username, email and password. You start with 10 free dice rolls; no wallet needed.',
  },
  {
    title: 'Roll the die',
    text: 'Tap the die (or swipe on a phone). You move 1 to 6 tiles around the 20-tile board.',
  },
  {
    title: 'Collect rewards',
    text: 'Properties pay +5 to +15 GOGO, jackpots +30 to +100. Chance can go either way; penalties cost GOGO.',
  },
  {
    title: 'Climb the leaderboard',
    text: 'Earn XP, level up, unlock achievements and keep your daily streak to rise in the rankings.',
  },
] as const;

/** Shown only while the server has no players (or cannot be reached), and always labelled as a sample. */
export const sampleTopPlayers: PublicStats['topPlayers'] = [
  { rank: 1, username: 'SampleWhale', score: 48_250, level: 12, totalTokensEarned: 3_420 },
  { rank: 2, username: 'SampleRoller', score: 39_900, level: 10, totalTokensEarned: 2_875 },
  { rank: 3, username: 'SampleHodler', score: 31_460, level: 9, totalTokensEarned: 2_210 },
  { rank: 4, username: 'SampleLucky', score: 22_115, level: 7, totalTokensEarned: 1_530 },
  { rank: 5, username: 'SampleNewbie', score: 9_870, level: 4, totalTokensEarned: 640 },
];

export const launchReasons = [
  'Everything you collect before the launch stays on your balance.',
  'Daily free dice and streak bonuses only count on the days you play.',
  'Each achievement pays once: the earlier you start, the sooner you have them.',
  'Your rank on the leaderboard grows with every roll.',
] as const;
